import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { ListButton, Show, TopToolbar, useRecordContext } from 'react-admin';
import type { AuditEntry } from '../../domain';
import { AuditActionChip } from './AuditActionChip';
import { AuditDiff } from './AuditDiff';
import { actorLabel, formatAuditTime } from './auditFormat';
import { auditResourceLabel } from './auditLabels';

const Actions = () => (
  <TopToolbar>
    <ListButton label="Back to the audit log" />
  </TopToolbar>
);

function AuditEntryDetails() {
  const entry = useRecordContext<AuditEntry>();
  if (!entry) return null;
  const facts = [
    { label: 'At', value: formatAuditTime(entry.At) },
    { label: 'Actor', value: actorLabel(entry.ActorEmail) },
    { label: 'Resource', value: auditResourceLabel(entry.Resource) },
    { label: 'Record id', value: entry.RecordId ?? '—' },
  ];
  return (
    <CardContent>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <AuditActionChip action={entry.Action} />
        <Typography variant="h6" component="h1">
          {entry.Summary}
        </Typography>
      </Stack>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, mb: 3 }}>
        {facts.map(({ label, value }) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Before and after
      </Typography>
      <AuditDiff entry={entry} />
    </CardContent>
  );
}

/** One audit entry: who, when, what, and its before/after as a diff with the changed fields highlighted. */
export function AuditLogShow() {
  return (
    <Show title="Audit entry" actions={<Actions />}>
      <Card elevation={0}>
        <AuditEntryDetails />
      </Card>
    </Show>
  );
}
