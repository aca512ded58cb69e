import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { AuditEntry } from '../../domain';
import { diffAuditSnapshots, humanFieldName } from './auditDiff';

/** Before and after side by side; changed fields highlighted and marked "Changed" for screen readers. */
export function AuditDiff({ entry }: { entry: Pick<AuditEntry, 'Before' | 'After'> }) {
  const rows = diffAuditSnapshots(entry.Before, entry.After);
  if (rows.length === 0) {
    return <Typography color="text.secondary">This change has no recorded field values.</Typography>;
  }
  return (
    <Table size="small" aria-label="Changes">
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '22%' }}>Field</TableCell>
          <TableCell sx={{ width: '39%' }}>Before</TableCell>
          <TableCell sx={{ width: '39%' }}>After</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow
            key={row.field}
            data-changed={row.changed || undefined}
            sx={row.changed ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.14), '& td': { fontWeight: 500 } } : undefined}
          >
            <TableCell component="th" scope="row">
              {humanFieldName(row.field)}
              {row.changed && (
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  (Changed)
                </Box>
              )}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', textDecoration: row.changed && entry.Before ? 'line-through' : undefined }}>
              {row.before}
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.after}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
