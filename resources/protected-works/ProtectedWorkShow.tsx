import { Chip } from '@mui/material';
import { DateField, FunctionField, NumberField, Show, SimpleShowLayout, TextField } from 'react-admin';
import type { ProtectedWork } from '../../domain';
import { statusColor, statusLabel } from './workFormat';

/** One protected work: its indexing status (§4 copyright job status) and how many answers reproduced it. */
export function ProtectedWorkShow() {
  return (
    <Show<ProtectedWork> title="Protected work">
      <SimpleShowLayout>
        <TextField source="Name" />
        <TextField source="Description" emptyText="—" />
        <FunctionField<ProtectedWork> label="Indexing" render={(work) => <Chip size="small" color={statusColor(work.Status)} variant="outlined" label={statusLabel(work.Status)} />} />
        <TextField source="Error" emptyText="—" />
        <TextField source="MimeType" label="Type" />
        <NumberField source="Size" label="Size (bytes)" />
        <NumberField source="Characters" />
        <NumberField source="Fingerprints" />
        <NumberField source="MatchCount" label="Answers that reproduced it" />
        <DateField source="CreatedAt" label="Registered" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
