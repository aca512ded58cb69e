import type { VerifierInput } from '../../domain';

/** The POST/PUT body: the input fields only; an empty API key is left out (on edit it keeps the stored one). */
export function toVerifierPayload(values: Record<string, unknown>): VerifierInput {
  const apiKey = typeof values.ApiKey === 'string' && values.ApiKey.trim() ? values.ApiKey : null;
  const endpoint = typeof values.Endpoint === 'string' && values.Endpoint.trim() ? values.Endpoint : null;
  return {
    Name: values.Name as string,
    MetricTypes: (values.MetricTypes as VerifierInput['MetricTypes'] | undefined) ?? [],
    Intensity: values.Intensity as VerifierInput['Intensity'],
    ApiVersion: values.ApiVersion as VerifierInput['ApiVersion'],
    Action: values.Action as VerifierInput['Action'],
    Threshold: values.Threshold as number,
    Endpoint: endpoint,
    ApiKey: apiKey,
    ClearApiKey: values.ClearApiKey === true && apiKey === null,
    Enabled: values.Enabled as boolean,
  };
}
