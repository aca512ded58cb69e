import { TextInput } from 'react-admin';

/** Name and e-mail domain of an organization. */
export function OrganizationInputs() {
  return (
    <>
      <TextInput source="Name" label="Name" isRequired fullWidth />
      <TextInput source="Domain" label="Domain" helperText="The e-mail domain of its people, e.g. example.com (optional)" fullWidth />
    </>
  );
}
