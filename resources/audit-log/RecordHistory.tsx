import { Box, Card, CardContent, Link as MuiLink, List as MuiList, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useGetList, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AuditEntry } from '../../domain';
import { actorLabel, formatAuditTime } from './auditFormat';
import { auditEntryLink, auditLogLink } from './auditLinks';

const SHOWN = 10;

/** Edit-page aside: the audit entries of the record being edited (filter RecordId), newest first. */
export function RecordHistory({ resource }: { resource: string }) {
  const record = useRecordContext();
  const { data, total, isPending, error } = useGetList<AuditEntry>(
    'admin/audit-log',
    { filter: { Resource: resource, RecordId: record?.id }, sort: { field: 'At', order: 'DESC' }, pagination: { page: 1, perPage: SHOWN } },
    { enabled: record !== undefined },
  );
  if (!record) return null;
  return (
    <Card variant="outlined" component="aside" aria-label="History" sx={{ width: { xs: '100%', md: 320 }, ml: { md: 2 }, mt: { xs: 2, md: 0 }, flexShrink: 0, alignSelf: 'flex-start' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          History
        </Typography>
        {isPending && <Typography color="text.secondary">Loading…</Typography>}
        {error && <Typography color="error">The history could not be loaded.</Typography>}
        {data && data.length === 0 && <Typography color="text.secondary">No recorded changes.</Typography>}
        {data && data.length > 0 && (
          <MuiList dense disablePadding>
            {data.map((entry) => (
              <ListItem key={entry.id} disablePadding>
                <ListItemButton component={Link} to={auditEntryLink(entry.id)} sx={{ px: 1, borderRadius: 1 }}>
                  <ListItemText primary={entry.Summary} secondary={`${formatAuditTime(entry.At)} · ${actorLabel(entry.ActorEmail)}`} />
                </ListItemButton>
              </ListItem>
            ))}
          </MuiList>
        )}
        {total !== undefined && total > SHOWN && (
          <Box sx={{ mt: 1 }}>
            <MuiLink component={Link} to={auditLogLink({ Resource: resource, RecordId: String(record.id) })}>
              All {total} changes
            </MuiLink>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
