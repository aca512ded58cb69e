import { Stack } from '@mui/material';
import { NumberInput, SelectInput } from 'react-admin';
import { parseNumberChoice } from '../../src/ui/inputs/choiceParsers';
import { CHUNK_SIZE_CHOICES, EMBEDDING_MODEL_CHOICES, SIMILARITY_CHOICES, SYNC_UNIT_CHOICES, VECTOR_DATABASE_CHOICES } from './dataSourceChoices';

/** How the source is indexed for retrieval, and how often it syncs. */
export function RagInputs() {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput source="Rag.VectorDatabase" label="Vector database" choices={VECTOR_DATABASE_CHOICES} parse={parseNumberChoice} isRequired fullWidth />
        <SelectInput source="Rag.EmbeddingModel" label="Embedding model" choices={EMBEDDING_MODEL_CHOICES} parse={parseNumberChoice} isRequired fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectInput source="Rag.ChunkSize" label="Chunk size" choices={CHUNK_SIZE_CHOICES} parse={parseNumberChoice} isRequired fullWidth />
        <SelectInput source="Rag.Similarity" label="Similarity" choices={SIMILARITY_CHOICES} parse={parseNumberChoice} isRequired fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberInput source="Rag.SyncInterval" label="Sync every" min={1} step={1} helperText="Empty: only when you press Sync. At least 1 minute." fullWidth />
        <SelectInput source="Rag.SyncIntervalUnit" label="Unit" choices={SYNC_UNIT_CHOICES} isRequired fullWidth />
      </Stack>
    </>
  );
}
