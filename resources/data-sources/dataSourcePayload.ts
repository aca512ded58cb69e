import { connectionFieldsOf, DATA_SOURCE_APP_LABELS, VECTOR_DATABASE_LABELS, vectorStoreFieldsOf } from '../../domain';
import type { DataSourceAppId, DataSourceInput, VectorDatabaseId } from '../../domain';

const isAppId = (value: unknown): value is DataSourceAppId => typeof value === 'number' && value in DATA_SOURCE_APP_LABELS;
const isVectorDatabase = (value: unknown): value is VectorDatabaseId => typeof value === 'number' && value in VECTOR_DATABASE_LABELS;

/**
 * The POST/PUT body: the input fields, with only the chosen app's connection settings (and store's). An empty secret is left
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
  // The chosen vector store's settings, the same way: an empty key is left out, the `ApiKeySet` flag never sent.
  const rag = (values.Rag ?? {}) as Record<string, unknown>;
  const enteredStore = (rag.Store ?? {}) as Record<string, unknown>;
  const store: Record<string, unknown> = {};
  if (isVectorDatabase(rag.VectorDatabase)) {
    for (const field of vectorStoreFieldsOf(rag.VectorDatabase)) {
      const value = enteredStore[field.Key];
      if (typeof value === 'string' && value.trim()) store[field.Key] = value;
    }
  }
  return {
    Name: values.Name as string,
    AppId: appId as DataSourceAppId,
    Connection: connection,
    // Forgetting the stored key only when asked and no new one is entered (a key entered replaces it anyway).
    Rag: { ...withoutClearFlag(rag), Store: store, ...(rag.ClearStoreApiKey === true && !store.ApiKey ? { ClearStoreApiKey: true } : {}) } as DataSourceInput['Rag'],
    GroupIds: (values.GroupIds as string[] | undefined) ?? [],
    Enabled: values.Enabled as boolean,
  };
}

function withoutClearFlag(rag: Record<string, unknown>): Record<string, unknown> {
  const { ClearStoreApiKey: _clear, ...rest } = rag;
  return rest;
}
