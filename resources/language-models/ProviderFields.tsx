import { Alert, Stack } from '@mui/material';
import { useEffect, useRef } from 'react';
import { BooleanInput, TextInput, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { AZURE_DEFAULT_API_VERSION, DEMO_MODEL_NAME } from '../../domain';
import type { LanguageModel, LlmProvider } from '../../domain';
import { ApiKeyInput } from './ApiKeyInput';
import { needsApiKey, needsBaseUrl, PROVIDER_HINTS } from './providerHints';

/**
 * The fields of the chosen provider: model, base URL (required for Azure, Ollama and compatible endpoints),
 * API version (Azure), and the write-only API key. The built-in demo model needs none of them.
 */
export function ProviderFields() {
  const provider = useWatch({ name: 'Provider' }) as LlmProvider | undefined;
  const model = useRecordContext<LanguageModel>();
  const { getValues, setValue } = useFormContext();
  const isDemo = provider === 'demo';

  // Choosing the demo fills in its model; leaving it clears that name again.
  const previous = useRef(provider);
  useEffect(() => {
    const before = previous.current;
    previous.current = provider;
    if (isDemo && !getValues('Model')) setValue('Model', DEMO_MODEL_NAME, { shouldDirty: true });
    else if (!isDemo && before === 'demo' && getValues('Model') === DEMO_MODEL_NAME) setValue('Model', '', { shouldDirty: true });
  }, [getValues, isDemo, provider, setValue]);

  if (!provider) return null;
  const hints = PROVIDER_HINTS[provider];
  if (isDemo) {
    return (
      <>
        <TextInput source="Model" label="Model" helperText="The built-in model answers with canned, offline replies" isRequired fullWidth />
        <Alert severity="info" sx={{ width: '100%', mb: 2 }}>
          The offline demo model is built in: it works without internet access, so it needs no base URL and no API key.
        </Alert>
      </>
    );
  }
  const keyStored = model?.ApiKeySet === true && model.Provider !== 'demo';
  return (
    <>
      <TextInput source="Model" label={provider === 'azure-openai' ? 'Deployment' : 'Model'} helperText={hints.model} isRequired fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput source="BaseUrl" label="Base URL" helperText={hints.baseUrl} isRequired={needsBaseUrl(provider)} fullWidth />
        {provider === 'azure-openai' && (
          <TextInput source="ApiVersion" label="API version" helperText={`Empty: ${AZURE_DEFAULT_API_VERSION}`} sx={{ minWidth: 200 }} />
        )}
      </Stack>
      <ApiKeyInput stored={keyStored} required={needsApiKey(provider)} />
      {/* An optional key (a local Ollama, say) can be forgotten; a required one only replaced. */}
      {keyStored && !needsApiKey(provider) && <BooleanInput source="ClearApiKey" label="Forget the stored API key" />}
    </>
  );
}
