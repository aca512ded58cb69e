import { AutocompleteArrayInput, ReferenceArrayInput, SelectInput, useGetMany } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { LanguageModel } from '../../../../domain';

/** Step 4: the models the copilot may use, and the one it uses unless the caller picks another. */
export function LanguageModelsStep() {
  const ids = (useWatch({ name: 'LanguageModelIds' }) ?? []) as number[];
  const { data: chosen = [] } = useGetMany<LanguageModel>('admin/language-models', { ids });
  return (
    <>
      <ReferenceArrayInput source="LanguageModelIds" reference="admin/language-models" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
        <AutocompleteArrayInput label="Language models" optionText="Name" filterToQuery={(q) => ({ q })} isRequired fullWidth />
      </ReferenceArrayInput>
      <SelectInput
        source="DefaultLanguageModelId"
        label="Default language model"
        choices={chosen.filter((model) => ids.includes(model.id))}
        optionText="Name"
        emptyText="The first chosen model"
        parse={(value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value))}
        sx={{ minWidth: 320 }}
      />
    </>
  );
}
