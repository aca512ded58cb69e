import { Box, Typography } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField } from 'react-admin';
import type { Organization } from '../../domain';
import { LastSyncChip } from '../organizations/LastSyncChip';

/** Read-only: the organizations of the customer being edited (GET /organizations?filter={"CustomerId":id}). */
export function CustomerOrganizations() {
  return (
    <Box component="section" aria-label="Organizations" sx={{ px: 2, pb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        Organizations
      </Typography>
      <ReferenceManyField
        reference="admin/organizations"
        target="CustomerId"
        sort={{ field: 'Name', order: 'ASC' }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10]} />}
        empty={<Typography color="text.secondary">This customer has no organizations yet. Its customer admin creates them.</Typography>}
      >
        <DataTable<Organization> rowClick={false} bulkActionButtons={false}>
          <DataTable.Col<Organization> source="Name" />
          <DataTable.Col<Organization> source="Domain" render={(organization) => organization.Domain ?? '—'} />
          <DataTable.Col<Organization> source="UserCount" label="Users" disableSort />
          <DataTable.Col<Organization> source="LastSyncStatus" label="Last sync" render={(organization) => <LastSyncChip organization={organization} />} />
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}
