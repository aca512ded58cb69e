import { connectionFieldsOf, DATA_SOURCE_APP_LABELS } from '../../domain';
import type { DataSourceAppId, DataSourceInput } from '../../domain';

const isAppId = (value: unknown): value is DataSourceAppId => typeof value === 'number' && value in DATA_SOURCE_APP_LABELS;

/**
 * The POST/PUT body: the input fields, with only the chosen app's connection settings. An empty secret is left
 * out (on edit it keeps the stored one); the `…Set` flags of the record are never sent back.
 */
export function toDataSourcePayload(values: Record<string, unknown>): DataSourceInput {
  const appId = values.AppId;
  const entered = (values.Connection ?? {}) as Record<string, unknown>;
  const connection: Record<string, unknown> = {};
  if (isAppId(appId)) {
    for (const field of connectionFieldsOf(appId)) {
      const value = entered[field.Key];
      if (typeof value === 'string' && value.trim()) connection[field.Key] = value;
    }
  }
  return {
    Name: values.Name as string,
    AppId: appId as DataSourceAppId,
    Connection: connection,
    Rag: values.Rag as DataSourceInput['Rag'],
    GroupIds: (values.GroupIds as string[] | undefined) ?? [],
    Enabled: values.Enabled as boolean,
  };
}
