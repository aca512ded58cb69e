import { AutocompleteArrayInput, BooleanInput, ReferenceArrayInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { PolicyType } from '../../domain';
import { Typography } from '@mui/material';

/** The targets input of the chosen type: groups or language models (or all of them); a Global policy has none. */
export function PolicyTargetsInput() {
  const type = useWatch({ name: 'Type' }) as PolicyType | undefined;
  const allTargets = useWatch({ name: 'Targets.AllTargets' }) === true;
  if (type === 'Global Policy') {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A Global policy applies to every prompt of the organization: it has no targets.
      </Typography>
    );
  }
  if (type === 'Group Policy') {
    return (
      <>
        <BooleanInput source="Targets.AllTargets" label="All groups" helperText="Applies to every user who is in at least one group." />
        {!allTargets && (
          <ReferenceArrayInput source="Targets.GroupIds" reference="admin/groups" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
            <AutocompleteArrayInput label="Groups" optionText="Name" filterToQuery={(q) => ({ q })} fullWidth isRequired />
          </ReferenceArrayInput>
        )}
      </>
    );
  }
  if (type === 'Language Model Policy') {
    return (
      <>
        <BooleanInput source="Targets.AllTargets" label="All models" helperText="Applies to prompts sent to any language model." />
        {!allTargets && (
          <ReferenceArrayInput source="Targets.LanguageModelIds" reference="admin/language-models" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
            <AutocompleteArrayInput label="Language models" optionText="Name" filterToQuery={(q) => ({ q })} fullWidth isRequired />
          </ReferenceArrayInput>
        )}
      </>
    );
  }
  return null;
}
