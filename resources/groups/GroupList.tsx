import { CreateButton, DataTable, SearchInput, TopToolbar } from 'react-admin';
import { IDENTITY_TYPE_LABELS } from '../../domain';
import type { Group } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { AuditLogButton } from '../audit-log';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Search groups" />];

const ListActions = () => (
  <TopToolbar>
    <AuditLogButton resource="groups" />
    <CreateButton label="New group" />
  </TopToolbar>
);

/** /admin/groups (ORG_ADMIN): groups of users, used by policies and apps. */
export function GroupList() {
  return (
    <ListPage
      title="Groups"
      subtitle="Groups of users of your organization; policies and apps apply to groups."
      sort={{ field: 'Name', order: 'ASC' }}
      filters={filters}
      actions={<ListActions />}
      exporter={false}
      empty={<EmptyListState title="No groups yet" text="Group users to give them policies and apps together." createLabel="New group" />}
    >
      <DataTable<Group> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col<Group> source="Name" />
        <DataTable.Col<Group> source="Description" render={(group) => group.Description ?? '—'} />
        <DataTable.Col<Group> source="IdentityType" label="Identity" render={(group) => IDENTITY_TYPE_LABELS[group.IdentityType]} />
        <DataTable.Col<Group> source="MemberCount" label="Members" disableSort align="right" />
        <DataTable.Col<Group> label="Actions" disableSort align="right">
          <ConfirmDeleteButton successMessage="Group deleted" />
        </DataTable.Col>
      </DataTable>
    </ListPage>
  );
}
