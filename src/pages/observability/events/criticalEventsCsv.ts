import { CRITICAL_EVENT_KIND_LABELS, promptLifecyclePath } from '../../../../domain';
import type { CriticalEvent } from '../../../../domain';
import type { CsvColumn } from '../../../ui/csv';

export const CRITICAL_EVENT_COLUMNS: CsvColumn<CriticalEvent>[] = [
  { header: 'Time', value: (event) => event.CreatedAt },
  { header: 'Kinds', value: (event) => event.Kinds.map((kind) => CRITICAL_EVENT_KIND_LABELS[kind]).join(' ') },
  { header: 'User', value: (event) => event.UserEmail ?? event.UserId },
  { header: 'App', value: (event) => event.AppName },
  { header: 'Model', value: (event) => event.ModelName },
  { header: 'Message type', value: (event) => event.MessageType },
  { header: 'Reason', value: (event) => event.Reason },
  { header: 'Prompt id', value: (event) => event.id },
  { header: 'Lifecycle', value: (event) => promptLifecyclePath(event.id, event.ConversationId) },
];
