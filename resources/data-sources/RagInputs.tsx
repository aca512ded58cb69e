import { Box, Stack } from '@mui/material';
import { BooleanInput, NumberInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { parseNumberChoice } from '../../src/ui/inputs/choiceParsers';
import { VectorStoreInputs } from './VectorStoreInputs';
import { CHUNK_SIZE_CHOICES, EMBEDDING_MODEL_CHOICES, SIMILARITY_CHOICES, SYNC_UNIT_CHOICES, VECTOR_DATABASE_CHOICES } from './dataSourceChoices';

/**
 * How the source is indexed for retrieval, and how often it syncs. The embedding choices apply only with
 * embeddings on (BM25 alone needs none of them), so they are disabled while it is off.
 */
export function RagInputs() {
  const embeddings = useWatch({ name: 'Rag.Embeddings' }) === true;
  // Only the built-in store of uploaded files is indexed (connected apps are checked, not yet indexed).
  const builtIn = useWatch({ name: 'AppId' }) === 0;
  const off = embeddings ? undefined : 'Applies only with embeddings on.';
  return (
    // A disabled field's helper text says why it is disabled: it keeps the readable secondary colour (AA contrast).
    <Box sx={{ display: 'contents', '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}>
      <BooleanInput
        source="Rag.Embeddings"
        label="Embeddings (hybrid retrieval: keywords and meaning)"
        disabled={!builtIn && !embeddings}
        helperText={
          builtIn || embeddings
            ? 'Off: BM25 keyword ranking only, offline. On: passages are embedded when indexed and each question at search time; BM25 answers alone if the embedding provider fails.'
            : 'Only for uploaded files (built in): connected apps are not indexed yet.'
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ReferenceInput source="Rag.EmbeddingLanguageModelId" reference="admin/language-models" sort={{ field: 'Name', order: 'ASC' }} perPage={100}>
          <SelectInput label="Embedding provider (language model)" optionText="Name" disabled={!embeddings} helperText={off ?? 'Its provider, key and base URL make the embeddings (not Anthropic: it has no embeddings API).'} fullWidth />
        </ReferenceInput>
        <SelectInput source="Rag.EmbeddingModel" label="Embedding model" choices={EMBEDDING_MODEL_CHOICES} parse={parseNumberChoice} disabled={!embeddings} helperText={off} isRequired fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput source="Rag.EmbeddingModelName" label="Model name at the provider" disabled={!embeddings} helperText={off ?? 'Empty: the usual name of the embedding model chosen.'} fullWidth />
        <SelectInput
          source="Rag.VectorDatabase"
          label="Vector database"
          choices={VECTOR_DATABASE_CHOICES}
          parse={parseNumberChoice}
          disabled={!embeddings}
          helperText={off ?? 'FAISS: the embedded exact index, kept in the console’s database. Qdrant, Pinecone, ChromaDB, Milvus: your service.'}
          isRequired
          fullWidth
        />
      </Stack>
      <VectorStoreInputs />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput source="Rag.ChunkSize" label="Chunk size" choices={CHUNK_SIZE_CHOICES} parse={parseNumberChoice} isRequired fullWidth />
        <SelectInput source="Rag.Similarity" label="Similarity" choices={SIMILARITY_CHOICES} parse={parseNumberChoice} disabled={!embeddings} helperText={off} isRequired fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberInput source="Rag.SyncInterval" label="Sync every" min={1} step={1} helperText="Empty: only when you press Sync. At least 1 minute." fullWidth />
        <SelectInput source="Rag.SyncIntervalUnit" label="Unit" choices={SYNC_UNIT_CHOICES} isRequired fullWidth />
      </Stack>
    </Box>
  );
}
