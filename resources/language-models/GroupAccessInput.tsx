import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';

/** GroupIds: the groups whose members may use the record; none means the whole organization. */
export function GroupAccessInput({ helperText }: { helperText: string }) {
  return (
    <ReferenceArrayInput source="GroupIds" reference="admin/groups" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
      <AutocompleteArrayInput label="Groups" optionText="Name" filterToQuery={(q) => ({ q })} helperText={helperText} fullWidth />
    </ReferenceArrayInput>
  );
}
