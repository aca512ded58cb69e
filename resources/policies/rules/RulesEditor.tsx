import { Typography } from '@mui/material';
import { ArrayInput, SimpleFormIterator } from 'react-admin';
import { AddRuleButton } from './AddRuleButton';
import { RuleFields } from './RuleFields';

/** The ordered rules of a policy: add, remove, move up and down; each rule a detector and an action. */
export function RulesEditor() {
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
        Rules
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Every enabled rule runs on each prompt. When several rules agree on a finding, the first in this order is the one cited.
      </Typography>
      <ArrayInput source="Rules" label={false}>
        <SimpleFormIterator
          addButton={<AddRuleButton />}
          disableClear
          fullWidth
          getItemLabel={(index) => `${index + 1}.`}
          // Order matters: the move and remove buttons stay visible instead of appearing on hover only.
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' }, '& .RaSimpleFormIterator-line': { py: 1 } }}
        >
          <RuleFields />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
