import { Stack } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { DataSourceApp } from '../../domain';
import type { DataSource } from '../../domain';
import { DocumentsPanel } from './documents/DocumentsPanel';
import { RetrievalBox } from './retrieval/RetrievalBox';

/** Below the form of a saved source: its documents (built-in store only) and a retrieval try-out. */
export function EmbeddedStorePanels() {
  const source = useRecordContext<DataSource>();
  if (!source) return null;
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 880 }}>
      {source.AppId === DataSourceApp.NONE && <DocumentsPanel sourceId={String(source.id)} />}
      <RetrievalBox sourceId={String(source.id)} />
    </Stack>
  );
}
