import { Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { CitedSource } from '../../../../domain';

/** The cited chunk among its neighbours, in document order; the cited one stands out. */
export function CitedChunk({ source }: { source: CitedSource }) {
  const context = source.Context.some((chunk) => chunk.ChunkId === source.ChunkId) ? source.Context : [{ ChunkId: source.ChunkId, Text: source.Text }];
  return (
    <Paper variant="outlined" component="section" aria-label="Cited passage in its document" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Data source:
        </Typography>
        <Chip size="small" label={source.DataSourceName} />
        <Typography variant="body2" color="text.secondary">
          Retrieval score {source.Score.toFixed(2)}
        </Typography>
      </Stack>
      <Stack spacing={1.5}>
        {context.map((chunk) => {
          const cited = chunk.ChunkId === source.ChunkId;
          return (
            <Box
              key={chunk.ChunkId}
              component={cited ? 'mark' : 'p'}
              aria-label={cited ? 'Cited passage' : undefined}
              data-chunk={chunk.ChunkId}
              sx={{
                display: 'block',
                m: 0,
                p: cited ? 1.5 : 0,
                borderRadius: 1,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                color: cited ? 'text.primary' : 'text.secondary',
                bgcolor: cited ? 'rgba(255, 213, 79, 0.25)' : 'transparent',
                borderLeft: cited ? 4 : 0,
                borderColor: 'warning.main',
              }}
            >
              {cited ? source.Text : chunk.Text}
            </Box>
          );
        })}
      </Stack>
    </Paper>
  );
}
