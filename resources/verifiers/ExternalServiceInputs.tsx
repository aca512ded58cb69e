import { BooleanInput, TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Verifier } from '../../domain';
import { ApiKeyInput } from '../language-models/ApiKeyInput';

/** The optional external service: its endpoint and a write-only API key (with a way to forget a stored key). */
export function ExternalServiceInputs() {
  const verifier = useRecordContext<Verifier>();
  const endpoint = useWatch({ name: 'Endpoint' }) as string | null | undefined;
  const stored = verifier?.ApiKeySet === true;
  return (
    <>
      <TextInput source="Endpoint" label="Endpoint" helperText="Optional, e.g. https://verify.example.com/v1/verify. Empty = built-in checks." fullWidth />
      {(endpoint || stored) && (
        <ApiKeyInput stored={stored} required={false} emptyHelp="Optional: sent as a bearer token to the endpoint. Stored encrypted; never shown again." />
      )}
      {stored && <BooleanInput source="ClearApiKey" label="Forget the stored API key" />}
    </>
  );
}
