import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { BooleanInput, TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { VECTOR_DATABASE_LABELS, vectorStoreFieldsOf } from '../../domain';
import type { DataSource, VectorDatabaseId, VectorStoreTestResult } from '../../domain';
import { errorMessage } from '../../src/forms/serverErrors';
import { ApiKeyInput } from '../language-models/ApiKeyInput';
import { testVectorStore } from './dataSourceApi';

const HELP: Record<string, string> = {
  Url: 'https://… (the service’s REST address)',
  Collection: 'Created at the first sync if missing (Pinecone: an index you created).',
  Namespace: 'Optional. Empty: the index’s default namespace.',
  Tenant: 'Optional. Empty: default_tenant.',
  Database: 'Optional. Empty: the default database.',
};

/** "Token (user:password or API key)" → "token"; "API key" stays as it is. */
const keyName = (label: string) => {
  const name = label.split(' (')[0]!;
  return /^[A-Z][a-z]/.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name;
};

/** The chosen external store's connection settings (embeddings on), its write-only key, and its Test. */
export function VectorStoreInputs() {
  const database = useWatch({ name: 'Rag.VectorDatabase' }) as VectorDatabaseId | undefined;
  const embeddings = useWatch({ name: 'Rag.Embeddings' }) === true;
  const source = useRecordContext<DataSource>();
  if (!embeddings || database === undefined) return null;
  const fields = vectorStoreFieldsOf(database);
  if (!fields.length) return null;
  const storedKey = source?.Rag.VectorDatabase === database && source.Rag.Store.ApiKeySet === true;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
      <Alert severity="info" sx={{ gridColumn: '1 / -1', mb: 2 }}>
        {VECTOR_DATABASE_LABELS[database]} holds this source’s vectors; the console keeps the passages and asks it for the closest ones at each
        search. If it cannot be reached, retrieval goes on with BM25 alone and says why.
      </Alert>
      {fields.map((field) =>
        field.Kind === 'secret' ? (
          <Box key={field.Key}>
            <ApiKeyInput source={`Rag.Store.${field.Key}`} label={field.Label} stored={storedKey} required={field.Required} />
            {/* An optional key can be forgotten (a service without authentication); a required one only replaced. */}
            {storedKey && !field.Required && <BooleanInput source="Rag.ClearStoreApiKey" label={`Forget the stored ${keyName(field.Label)}`} />}
          </Box>
        ) : (
          <TextInput key={field.Key} source={`Rag.Store.${field.Key}`} label={field.Label} helperText={HELP[field.Key] ?? (field.Required ? false : 'Optional')} isRequired={field.Required} fullWidth />
        ),
      )}
      <VectorStoreTest database={database} />
    </Box>
  );
}

/** Tests the saved settings (as a language model's Test does): what the service holds, or its error in plain words. */
function VectorStoreTest({ database }: { database: VectorDatabaseId }) {
  const source = useRecordContext<DataSource>();
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<VectorStoreTestResult | null>(null);
  const saved = source?.Rag.Embeddings === true && source.Rag.VectorDatabase === database;
  const label = VECTOR_DATABASE_LABELS[database];
  const run = async () => {
    if (!source) return;
    setTesting(true);
    try {
      setResult(await testVectorStore(source.id));
    } catch (error) {
      setResult({ Ok: false, Message: errorMessage(error), TestedAt: new Date().toISOString() });
    } finally {
      setTesting(false);
    }
  };
  return (
    <Box sx={{ gridColumn: '1 / -1', mb: 2 }}>
      <Button
        size="small"
        variant="outlined"
        disabled={!saved || testing}
        aria-label={testing ? `Testing ${label}` : `Test ${label}`}
        startIcon={testing ? <CircularProgress size={16} /> : <NetworkCheckIcon />}
        onClick={() => void run()}
      >
        Test
      </Button>
      <Box component="span" sx={{ ml: 1, color: 'text.secondary', typography: 'body2' }}>
        {saved ? 'Tests the saved settings.' : 'Save first: Test checks the saved settings.'}
      </Box>
      {result && (
        <Alert role="status" severity={result.Ok ? 'success' : 'error'} sx={{ mt: 1 }}>
          {result.Message}
        </Alert>
      )}
    </Box>
  );
}
