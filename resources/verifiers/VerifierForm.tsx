import { Divider, Stack } from '@mui/material';
import { BooleanInput, CheckboxGroupInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { INTENSITY_RULE_TEXT, THRESHOLD_RULE_TEXT, VERIFIER_DEFAULT_THRESHOLD, VerifierInputSchema } from '../../domain';
import { zodValidator } from '../../src/forms/zodValidator';
import { EditToolbar } from '../../src/ui/saving/EditToolbar';
import { FormSection } from '../language-models/FormSection';
import { ExternalServiceInputs } from './ExternalServiceInputs';
import { toVerifierPayload } from './verifierPayload';
import { ACTION_CHOICES, API_VERSION_CHOICES, INTENSITY_CHOICES, METRIC_CHOICES } from './verifierChoices';
import { KEEP_TYPED_VALUES } from '../../src/forms/keepTyped';

const bySchema = zodValidator(VerifierInputSchema);
const validate = (values: Record<string, unknown>) => bySchema(toVerifierPayload(values));

export const NEW_VERIFIER_DEFAULTS = {
  MetricTypes: ['hallucination', 'toxicity'],
  Intensity: 'Medium',
  ApiVersion: 'v1',
  Action: 'warn_user',
  Threshold: VERIFIER_DEFAULT_THRESHOLD,
  Enabled: true,
};

/** A verification source: what is checked, how strictly, what happens to a failing answer, and where it runs. */
export function VerifierForm({ isNew }: { isNew: boolean }) {
  return (
    <SimpleForm
      resetOptions={KEEP_TYPED_VALUES}
      validate={validate}
      defaultValues={isNew ? NEW_VERIFIER_DEFAULTS : undefined}
      toolbar={isNew ? undefined : <EditToolbar deletedMessage="Verification source deleted" />}
      sx={{ maxWidth: 880 }}
    >
      <FormSection title="Checks">
        <TextInput source="Name" label="Name" isRequired fullWidth />
        <CheckboxGroupInput source="MetricTypes" label="Metric types" choices={METRIC_CHOICES} helperText="Each answer is scored on these metrics." />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput source="Intensity" label="Intensity" choices={INTENSITY_CHOICES} isRequired fullWidth />
          <NumberInput source="Threshold" label="Threshold" min={0} max={100} step={1} helperText="0–100: an answer passes a metric at or above it" fullWidth />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <SelectInput source="Action" label="When an answer fails" choices={ACTION_CHOICES} isRequired fullWidth />
          <SelectInput source="ApiVersion" label="API version" choices={API_VERSION_CHOICES} isRequired fullWidth />
        </Stack>
        <details>
          <summary>How the threshold and intensity work</summary>
          <p>{THRESHOLD_RULE_TEXT}</p>
          <p>{INTENSITY_RULE_TEXT}</p>
        </details>
        <BooleanInput source="Enabled" label="Enabled (checks every answer)" sx={{ mt: 1 }} />
      </FormSection>
      <Divider flexItem />
      <FormSection title="Where the checks run" subtitle="Leave the endpoint empty to use the built-in checks, which work offline.">
        <ExternalServiceInputs />
      </FormSection>
    </SimpleForm>
  );
}
