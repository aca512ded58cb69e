import { ChipField, CreateButton, DataTable, ReferenceArrayField, SingleFieldList, TopToolbar } from 'react-admin';
import { IDENTITY_TYPE_LABELS, ROLE_LABELS } from '../../domain';
import type { User } from '../../domain';
import { ConfirmDeleteButton } from '../../src/ui/actions/ConfirmDeleteButton';
import { EmptyListState } from '../../src/ui/lists/EmptyListState';
import { ListPage } from '../../src/ui/lists/ListPage';
import { AuditLogButton } from '../audit-log';
import { formatSignIn, fullName } from './userFormat';
import { userFilters } from './userFilters';
import { UserStatusChip } from './UserStatusChip';

const ListActions = () => (
  <TopToolbar>
    <AuditLogButton resource="users" />
    <CreateButton label="New user" />
  </TopToolbar>
);

/** /admin/users (ORG_ADMIN): the people of the admin's organization. */
export function UserList() {
  return (
    <ListPage
      title="Users"
      subtitle="The people of your organization: their role, how they sign in and their groups."
      sort={{ field: 'LastName', order: 'ASC' }}
      filters={userFilters}
      actions={<ListActions />}
      exporter={false}
      empty={<EmptyListState title="No users yet" text="Add the people of your organization; local users get a one-time set-up link." createLabel="New user" />}
    >
      <DataTable<User> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col<User> source="LastName" label="Name" render={(user) => fullName(user)} />
        <DataTable.Col<User> source="Email" />
        <DataTable.Col<User> source="Role" render={(user) => ROLE_LABELS[user.Role]} />
        <DataTable.Col<User> source="IdentityType" label="Identity" render={(user) => IDENTITY_TYPE_LABELS[user.IdentityType]} />
        <DataTable.Col<User> source="GroupIds" label="Groups" disableSort>
          <ReferenceArrayField source="GroupIds" reference="admin/groups" empty={<>—</>}>
            <SingleFieldList linkType={false}>
              <ChipField source="Name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
        </DataTable.Col>
        <DataTable.Col<User> source="Enabled" label="Status" render={(user) => <UserStatusChip enabled={user.Enabled} />} />
        <DataTable.Col<User> source="LastLoginAt" label="Last sign-in" render={(user) => formatSignIn(user.LastLoginAt)} />
        <DataTable.Col<User> label="Actions" disableSort align="right">
          <ConfirmDeleteButton successMessage="User deleted" />
        </DataTable.Col>
      </DataTable>
    </ListPage>
  );
}
