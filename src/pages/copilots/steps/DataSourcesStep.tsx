import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';

/** Step 1: the corporate data sources the copilot searches. */
export function DataSourcesStep() {
  return (
    <ReferenceArrayInput source="DataSourceIds" reference="admin/cdr" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
      <AutocompleteArrayInput
        label="Data sources"
        optionText="Name"
        filterToQuery={(q) => ({ q })}
        helperText="The corporate data sources it answers from. None: the copilot answers from the language model alone."
        fullWidth
      />
    </ReferenceArrayInput>
  );
}
