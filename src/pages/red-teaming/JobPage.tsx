import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageHeading } from '../../ui/lists/PageHeading';
import { CATEGORY_INFO, OUTCOME_LABELS, STRATEGY_LABELS } from '../../../domain';
import { BarsChart } from '../observability/charts/BarsChart';
import { AttemptsTable } from './AttemptsTable';
import { isActive, percent, percentOf, redTeamJobPath } from './format';
import { cancelJob, exportUrl, getJob, getResults, reportUrl, rerunJob } from './redTeamApi';

const THIS_RUN = { key: 'rate', name: 'This run (%)', color: '#d32f2f' };
const PREVIOUS_RUN = { key: 'previous', name: 'Previous run (%)', color: '#9e9e9e' };
/** Rates as the table shows them (one decimal); a category with no previous run gets no previous bar, not 0 %. */
const chartRow = (label: string, rate: number | null, previous: number | null): Record<string, string | number> => ({
  label,
  ...(rate === null ? {} : { rate: percentOf(rate) }),
  ...(previous === null ? {} : { previous: percentOf(previous) }),
});

/** /admin/red-teaming/{JobId}: progress, results per category (OWASP / ATLAS, risk score, trend) and per strategy, attempts. */
export function JobPage() {
  const { JobId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const job = useQuery({ queryKey: ['red-teaming', 'job', JobId], queryFn: () => getJob(JobId), refetchInterval: (query) => (query.state.data && isActive(query.state.data.Status) ? 1500 : false) });
  const active = job.data ? isActive(job.data.Status) : false;
  const results = useQuery({ queryKey: ['red-teaming', 'results', JobId, job.data?.Progress, job.data?.Status], queryFn: () => getResults(JobId), enabled: !!job.data });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['red-teaming'] });
  const cancel = useMutation({ mutationFn: () => cancelJob(JobId), onSuccess: refresh });
  const rerun = useMutation({ mutationFn: () => rerunJob(JobId), onSuccess: (next) => navigate(redTeamJobPath(next.id)) });

  if (job.isError) return <Alert severity="error">The red-teaming job was not found.</Alert>;
  if (!job.data) return <LinearProgress />;
  const data = job.data;
  const categories = results.data?.Categories ?? [];
  return (
    <Stack spacing={3} sx={{ pb: 2 }}>
      <Title title={`Red Teaming: ${data.Name}`} />
      <Box>
        <Typography variant="body2" sx={{ pt: 2 }}>
          <Link to="/admin/red-teaming">Red Teaming</Link>
        </Typography>
        <PageHeading
          title={data.Name}
          subtitle={
            <>
              {data.TargetName} · {data.TotalAttempts} attempts · {data.Status}
              {data.Message ? ` — ${data.Message}` : ''}
              {data.RerunOf ? ' · re-run of the failed attempts of ' : ''}
              {data.RerunOf && <Link to={redTeamJobPath(data.RerunOf)}>the previous job</Link>}
            </>
          }
        />
      </Box>
      {active && <LinearProgress variant="determinate" value={data.Progress} aria-label="Progress" />}
      <Stack direction="row" spacing={1}>
        {active && (
          <Button variant="outlined" color="warning" onClick={() => cancel.mutate()}>
            Cancel
          </Button>
        )}
        {!active && (
          <Button variant="contained" onClick={() => rerun.mutate()} disabled={rerun.isPending}>
            Re-run failed attempts
          </Button>
        )}
        <Button href={exportUrl(JobId, 'csv')}>Export CSV</Button>
        <Button href={exportUrl(JobId, 'json')}>Export JSON</Button>
        <Button href={reportUrl(JobId)}>PDF report</Button>
      </Stack>
      {rerun.isError && <Alert severity="info">{rerun.error.message}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            Results per category — overall attack success rate {percent(data.SuccessRate)}
          </Typography>
          <Table size="small" aria-label="Results per category">
            <TableHead>
              <TableRow>
                <TableCell>Category</TableCell>
                <TableCell>OWASP LLM Top 10 (2025)</TableCell>
                <TableCell>MITRE ATLAS</TableCell>
                <TableCell align="right">{OUTCOME_LABELS.blocked}</TableCell>
                <TableCell align="right">{OUTCOME_LABELS.refused}</TableCell>
                <TableCell align="right">{OUTCOME_LABELS.succeeded}</TableCell>
                <TableCell align="right">Success rate</TableCell>
                <TableCell align="right">Risk score (0–10)</TableCell>
                <TableCell align="right">Previous run</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {categories.map((row) => (
                <TableRow key={row.Category} sx={row.Regression ? { bgcolor: 'error.light' } : undefined}>
                  <TableCell>{CATEGORY_INFO[row.Category].label}</TableCell>
                  <TableCell>{CATEGORY_INFO[row.Category].owasp.map((item) => `${item.id} ${item.name}`).join('; ')}</TableCell>
                  <TableCell>{CATEGORY_INFO[row.Category].atlas.map((item) => `${item.id} ${item.name}`).join('; ')}</TableCell>
                  <TableCell align="right">{row.Blocked}</TableCell>
                  <TableCell align="right">{row.Refused + row.Flagged}</TableCell>
                  <TableCell align="right">{row.Succeeded}</TableCell>
                  <TableCell align="right">{percent(row.SuccessRate)}</TableCell>
                  <TableCell align="right">{row.RiskScore ?? '—'}</TableCell>
                  <TableCell align="right">
                    {percent(row.PreviousSuccessRate)} {row.Regression && <Chip size="small" color="error" label="Regression" />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {categories.length > 0 && (
            <BarsChart
              label="Attack success rate per category"
              data={categories.map((row) => chartRow(CATEGORY_INFO[row.Category].shortLabel, row.SuccessRate, row.PreviousSuccessRate))}
              bars={categories.some((row) => row.PreviousSuccessRate !== null) ? [THIS_RUN, PREVIOUS_RUN] : [THIS_RUN]}
              unit="%"
            />
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            Per strategy
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {/* A re-run retries only the failed attempts: a strategy with none in it is not shown as "0/0". */}
            {results.data?.Strategies.filter((row) => row.Attempts > 0).map((row) => (
              <Chip key={row.Strategy} label={`${STRATEGY_LABELS[row.Strategy]}: ${row.Succeeded}/${row.Attempts} (${percent(row.SuccessRate)})`} />
            ))}
          </Stack>
          {(results.data?.Trend.length ?? 0) > 1 && (
            <Typography variant="body2" sx={{ mt: 2 }} aria-label="Trend">
              Trend (same target): {results.data!.Trend.map((run) => percent(run.SuccessRate)).join(' → ')}
            </Typography>
          )}
        </CardContent>
      </Card>
      <AttemptsTable jobId={JobId} version={`${data.Status}:${data.Progress}`} />
    </Stack>
  );
}
