import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';
import type { Policy } from '../../../../domain';

const policyLabel = (policy: Policy) => `${policy.Name} (${policy.Type})`;

/** Step 5: the policies the copilot's prompts go through. */
export function PolicyRulesStep() {
  return (
    <ReferenceArrayInput source="PolicyIds" reference="admin/policies" sort={{ field: 'Priority', order: 'ASC' }} perPage={100}>
      <AutocompleteArrayInput
        label="Policies"
        optionText={policyLabel}
        filterToQuery={(q) => ({ q })}
        helperText="Policies applied to every prompt of this copilot, with the usual precedence (a block always wins)."
        fullWidth
      />
    </ReferenceArrayInput>
  );
}
