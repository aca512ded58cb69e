import { AutocompleteArrayInput, RadioButtonGroupInput, ReferenceArrayInput, TextInput } from 'react-admin';
import type { User } from '../../domain';
import { IDENTITY_TYPE_CHOICES } from '../users/userChoices';
import { parseNumberChoice } from '../../src/ui/inputs/choiceParsers';

const memberLabel = (user: User) => `${user.FirstName} ${user.LastName} (${user.Email})`;

/** Name, description, identity type and the members (users of the organization, picked by name or email). */
export function GroupInputs() {
  return (
    <>
      <TextInput source="Name" label="Name" isRequired fullWidth />
      <TextInput source="Description" label="Description" multiline minRows={2} fullWidth />
      <RadioButtonGroupInput
        source="IdentityType"
        label="Identity type"
        choices={IDENTITY_TYPE_CHOICES}
        parse={parseNumberChoice}
        helperText="Local groups are managed here; federated groups mirror your identity provider."
      />
      <ReferenceArrayInput source="MemberIds" reference="admin/users" sort={{ field: 'LastName', order: 'ASC' }} perPage={50}>
        <AutocompleteArrayInput label="Members" optionText={memberLabel} filterToQuery={(q) => ({ q })} fullWidth />
      </ReferenceArrayInput>
    </>
  );
}
