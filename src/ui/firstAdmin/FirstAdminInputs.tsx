import { Box, Typography } from '@mui/material';
import { BooleanInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ADD_ADMIN_FIELD } from './firstAdminPayload';

/** The optional first administrator of a new customer or organization. */
export function FirstAdminInputs({ roleLabel }: { roleLabel: string }) {
  const addAdmin = useWatch({ name: ADD_ADMIN_FIELD }) as boolean | undefined;
  return (
    <Box sx={{ width: '100%' }}>
      <BooleanInput
        source={ADD_ADMIN_FIELD}
        label={`Also create the first ${roleLabel}`}
        helperText="They receive an email with a one-time link to set their password."
      />
      {addAdmin && (
        <Box role="group" aria-label={`First ${roleLabel}`} sx={{ pl: 2, borderLeft: 2, borderColor: 'divider' }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {`First ${roleLabel}`}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextInput source="Admin.FirstName" label="First name" isRequired sx={{ flex: 1, minWidth: 200 }} />
            <TextInput source="Admin.LastName" label="Last name" isRequired sx={{ flex: 1, minWidth: 200 }} />
          </Box>
          <TextInput source="Admin.Email" label="Email" isRequired fullWidth />
        </Box>
      )}
    </Box>
  );
}
