import SearchIcon from '@mui/icons-material/Search';
import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { FormEvent } from 'react';
import type { RetrievalHit } from '../../../domain';
import { errorMessage } from '../../../src/forms/serverErrors';
import { searchSource } from '../dataSourceApi';

/** "Try retrieval": GET /api/v1/cdr/:id/search?q= and the best-matching chunks, ranked, with their scores. */
export function RetrievalBox({ sourceId }: { sourceId: string }) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<RetrievalHit[]>();
  const [error, setError] = useState<string>();
  const [searching, setSearching] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    setSearching(true);
    setError(undefined);
    try {
      setHits(await searchSource(sourceId, query.trim()));
    } catch (failure) {
      setHits(undefined);
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
                  primary={`${index + 1}. ${hit.DocumentName} · passage ${hit.Ordinal + 1} · score ${hit.Score.toFixed(2)}`}
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
