import { Box } from '@mui/material';
import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { CUSTOMER_TYPE_CHOICES } from './customerChoices';
import { parseNumberChoice } from '../../src/ui/inputs/choiceParsers';

/** Name, type (Demo / Real) and contact of a customer. */
export function CustomerInputs() {
  return (
    <>
      <TextInput source="Name" label="Name" isRequired fullWidth />
      <RadioButtonGroupInput source="Type" label="Type" choices={CUSTOMER_TYPE_CHOICES} parse={parseNumberChoice} isRequired />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%' }}>
        <TextInput source="ContactName" label="Contact name" sx={{ flex: 1, minWidth: 220 }} />
        <TextInput source="ContactEmail" label="Contact email" sx={{ flex: 1, minWidth: 220 }} />
      </Box>
    </>
  );
}
