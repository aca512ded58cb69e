import SearchIcon from '@mui/icons-material/Search';
import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { RetrievalHit, RetrievalResult } from '../../../domain';
import { errorMessage } from '../../../src/forms/serverErrors';
import { searchSource } from '../dataSourceApi';

/** Which ranking found a hit, in words. */
export const HIT_SOURCE_LABELS: Record<RetrievalHit['Source'], string> = { bm25: 'BM25', vector: 'vector search', both: 'BM25 and vector search' };

/**
 * "Try retrieval": GET /api/v1/cdr/:id/search?q= and the best-matching chunks, ranked, with their scores and which
 * ranking found each; a fallback to BM25 says why.
 */
export function RetrievalBox({ sourceId }: { sourceId: string }) {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<RetrievalResult>();
  const hits = result?.Hits;
  const [error, setError] = useState<string>();
  const [searching, setSearching] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    setSearching(true);
    setError(undefined);
    try {
      setResult(await searchSource(sourceId, query.trim()));
    } catch (failure) {
      setResult(undefined);
      setError(errorMessage(failure));
    } finally {
      setSearching(false);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Try retrieval
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          See which passages a question would retrieve from this source.
        </Typography>
        <Stack component="form" direction="row" spacing={1} onSubmit={(event) => void search(event)} role="search" aria-label="Try retrieval">
          <TextField size="small" label="Question or keywords" value={query} onChange={(event) => setQuery(event.target.value)} fullWidth />
          <Button type="submit" variant="outlined" startIcon={<SearchIcon />} disabled={searching || !query.trim()}>
            Search
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {result && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {result.Mode === 'hybrid' ? 'Ranking: BM25 and vector search, fused by reciprocal rank fusion.' : 'Ranking: BM25 (keywords).'}
          </Typography>
        )}
        {result?.FallbackReason && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {result.FallbackReason}
          </Alert>
        )}
        {hits && hits.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            No matching passages. Files must be Completed before they can be retrieved.
          </Typography>
        )}
        {hits && hits.length > 0 && (
          <List dense aria-label="Retrieved passages">
            {hits.map((hit, index) => (
              <ListItem key={hit.ChunkId} divider alignItems="flex-start" disableGutters>
                <ListItemText
                  primary={`${index + 1}. ${hit.DocumentName} · passage ${hit.Ordinal + 1} · score ${result?.Mode === 'hybrid' ? hit.Score.toFixed(4) : hit.Score.toFixed(2)} · found by ${HIT_SOURCE_LABELS[hit.Source]}`}
                  secondary={hit.Text}
                  slotProps={{ primary: { fontWeight: 500 }, secondary: { sx: { whiteSpace: 'pre-wrap' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
