import { Box } from '@mui/material';
import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import type { Organization } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { AuditLogButton } from '../audit-log';
import { LastSyncChip } from './LastSyncChip';
import { SyncButton } from './SyncButton';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search organizations" />];

const ListActions = () => (
  <TopToolbar>
    <AuditLogButton resource="organizations" />
    <CreateButton label="New organization" />
  </TopToolbar>
);

/** /admin/organizations (CUSTOMER_ADMIN): the organizations of the admin's customer (the server scopes it). */
export function OrganizationList() {
  return (
    <ListPage
      title="Organizations"
      subtitle="The organizations of your customer, each with its own users, groups and data sources."
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={
        <EmptyListState
          title="No organizations yet"
          text="Create an organization and, optionally, its first organization admin, who then adds its users."
          createLabel="New organization"
        />
      }
    >
      <DataTable<Organization> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col<Organization> source="Name" />
        <DataTable.Col<Organization> source="Domain" render={(organization) => organization.Domain ?? '—'} />
        <DataTable.Col<Organization> source="UserCount" label="Users" disableSort align="right" />
        <DataTable.Col<Organization> source="LastSyncStatus" label="Last sync" render={(organization) => <LastSyncChip organization={organization} />} />
        <DataTable.Col<Organization> label="Actions" disableSort align="right">
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <SyncButton />
            <ConfirmDeleteButton successMessage="Organization deleted" />
          </Box>
        </DataTable.Col>
      </DataTable>
    </ListPage>
  );
}
