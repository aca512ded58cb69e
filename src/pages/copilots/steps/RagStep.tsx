import { Box } from '@mui/material';
import { BooleanInput, NumberInput } from 'react-admin';
import { RAG_TOP_K_MAX } from '../../../../domain';

/** Step 3: how many passages are retrieved, from which score, and whether answers cite them. */
export function RagStep() {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <NumberInput source="Rag.TopK" label="Top K" min={1} max={RAG_TOP_K_MAX} step={1} helperText={`Passages retrieved per prompt, 1 to ${RAG_TOP_K_MAX}`} sx={{ width: 240 }} />
      <NumberInput source="Rag.MinScore" label="Minimum score" min={0} max={1} step={0.05} helperText="Passages scoring lower are left out (0 to 1)" sx={{ width: 260 }} />
      <BooleanInput source="Rag.CiteSources" label="Cite sources" helperText="Answers name the documents they used." sx={{ mt: 1 }} />
    </Box>
  );
}
