import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CopyrightStatsSchema } from '../../domain';
import { getJson } from '../../dataProvider/api';

function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Stack>
      <Typography variant="h5" component="p" aria-label={label}>
        {value === undefined ? '…' : value.toLocaleString('en-US')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

/** The copyright check's figures of the last 7 days (GET /api/v1/copyright/stats). */
export function CopyrightFiguresCard() {
  const query = useQuery({ queryKey: ['copyright-stats'], queryFn: () => getJson('/copyright/stats', CopyrightStatsSchema) });
  const top = query.data?.BySource.slice(0, 3) ?? [];
  return (
    <Card variant="outlined" sx={{ mb: 2 }} component="section" aria-label="Copyright matches, last 7 days">
      <CardContent>
        <Typography variant="h6" component="h2">
          Copyright matches, last 7 days
        </Typography>
        <Stack direction="row" spacing={4} sx={{ mt: 1 }}>
          <Figure label="Passages matched" value={query.data?.Matches} />
          <Figure label="Answers with a match" value={query.data?.Prompts} />
          <Figure label="Answers withheld" value={query.data?.Withheld} />
        </Stack>
        {top.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Most matched: {top.map((row) => `${row.LicenceId ?? row.Name} (${row.Matches})`).join(', ')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
