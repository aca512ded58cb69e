import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';
import type { User } from '../../../../domain';

const userLabel = (user: User) => `${user.FirstName} ${user.LastName} (${user.Email})`;

/** Step 6: who may use the copilot: users, groups, or both (at least one). */
export function UsersAndGroupsStep() {
  return (
    <>
      <ReferenceArrayInput source="UserIds" reference="admin/users" sort={{ field: 'LastName', order: 'ASC' }} perPage={100}>
        <AutocompleteArrayInput label="Users" optionText={userLabel} filterToQuery={(q) => ({ q })} fullWidth />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="GroupIds" reference="admin/groups" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
        <AutocompleteArrayInput label="Groups" optionText="Name" filterToQuery={(q) => ({ q })} helperText="Every member of these groups may use the copilot." fullWidth />
      </ReferenceArrayInput>
    </>
  );
}
