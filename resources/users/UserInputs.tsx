import { Box } from '@mui/material';
import { AutocompleteArrayInput, BooleanInput, RadioButtonGroupInput, ReferenceArrayInput, SelectInput, TextInput } from 'react-admin';
import { IDENTITY_TYPE_CHOICES, ORG_ROLE_CHOICES } from './userChoices';
import { parseNumberChoice } from '../../src/ui/inputs/choiceParsers';

/** The fields of a user inside the organization admin's organization. */
export function UserInputs() {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput source="FirstName" label="First name" isRequired sx={{ flex: 1, minWidth: 200 }} />
        <TextInput source="LastName" label="Last name" isRequired sx={{ flex: 1, minWidth: 200 }} />
      </Box>
      <TextInput source="Email" label="Email" isRequired fullWidth />
      <SelectInput source="Role" label="Role" choices={ORG_ROLE_CHOICES} parse={parseNumberChoice} isRequired sx={{ minWidth: 260 }} />
      <RadioButtonGroupInput
        source="IdentityType"
        label="Identity type"
        choices={IDENTITY_TYPE_CHOICES}
        parse={parseNumberChoice}
        helperText="Local users sign in with a password; federated users through your identity provider."
      />
      <ReferenceArrayInput source="GroupIds" reference="admin/groups" sort={{ field: 'Name', order: 'ASC' }}>
        <AutocompleteArrayInput label="Groups" optionText="Name" filterToQuery={(q) => ({ q })} fullWidth />
      </ReferenceArrayInput>
      <BooleanInput source="Enabled" label="Enabled" helperText="A disabled user cannot sign in; their sessions end at once." />
    </>
  );
}
