import { Box } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { POLICY_TYPE_CHOICES } from './policyChoices';
import { PolicyTargetsInput } from './PolicyTargetsInput';
import { RulesEditor } from './rules/RulesEditor';

/** Name, type and its targets, status and priority, then the ordered rules. */
export function PolicyInputs() {
  return (
    <>
      <TextInput source="Name" label="Name" isRequired fullWidth />
      <TextInput source="Description" label="Description" multiline minRows={2} fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', width: '100%', alignItems: 'flex-start' }}>
        <SelectInput source="Type" label="Type" choices={POLICY_TYPE_CHOICES} isRequired sx={{ width: 260 }} helperText="Who the policy applies to" />
        <NumberInput
          source="Priority"
          label="Priority"
          min={0}
          max={10000}
          step={1}
          sx={{ width: 200 }}
          helperText="Lower is evaluated first"
        />
        <BooleanInput source="Enabled" label="Enabled" sx={{ mt: 1 }} helperText={false} />
      </Box>
      <PolicyTargetsInput />
      <RulesEditor />
    </>
  );
}
