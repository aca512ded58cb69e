import { Divider, Stack } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { LLM_DEFAULT_MAX_TOKENS, LLM_DEFAULT_TEMPERATURE, LLM_MAX_TOKENS_LIMIT } from '../../domain';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { FormSection } from './FormSection';
import { GroupAccessInput } from './GroupAccessInput';
import { languageModelValidator } from './languageModelValidation';
import { PROVIDER_CHOICES } from './providerHints';
import { ProviderFields } from './ProviderFields';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

export const NEW_MODEL_DEFAULTS = { MaxTokens: LLM_DEFAULT_MAX_TOKENS, Temperature: LLM_DEFAULT_TEMPERATURE, Vision: false, Enabled: true, GroupIds: [] } as const;

/** A language model: provider and connection, limits, and who may use it. */
export function LanguageModelForm({ isNew }: { isNew: boolean }) {
  return (
    <SimpleForm
      resetOptions={KEEP_TYPED_VALUES}
      validate={languageModelValidator(isNew)}
      defaultValues={isNew ? NEW_MODEL_DEFAULTS : undefined}
      toolbar={isNew ? undefined : <EditToolbar deletedMessage="Language model deleted" />}
      sx={{ maxWidth: 880 }}
    >
      <FormSection title="Provider">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="Name" label="Name" helperText="Shown to people choosing a model" isRequired fullWidth />
          <SelectInput source="Provider" label="Provider" choices={PROVIDER_CHOICES} isRequired fullWidth />
        </Stack>
        <ProviderFields />
      </FormSection>
      <Divider flexItem />
      <FormSection title="Limits">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <NumberInput source="MaxTokens" label="Max tokens" min={1} max={LLM_MAX_TOKENS_LIMIT} step={1} helperText={`Longest answer, 1 to ${LLM_MAX_TOKENS_LIMIT}`} fullWidth />
          <NumberInput source="Temperature" label="Temperature" min={0} max={2} step={0.1} helperText="0 (focused) to 2 (creative)" fullWidth />
        </Stack>
        <BooleanInput source="Vision" label="Vision (takes images)" helperText="The gateway forwards image parts only to such models, and only where System Settings allow images." />
      </FormSection>
      <Divider flexItem />
      <FormSection title="Access">
        <BooleanInput source="Enabled" label="Enabled (offered in chat)" />
        <GroupAccessInput helperText="Only members of these groups may use the model. None: the whole organization." />
      </FormSection>
    </SimpleForm>
  );
}
