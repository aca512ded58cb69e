import { Card, CardContent, Chip, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../ui/lists/PageHeading';
import { CreateJobForm } from './CreateJobForm';
import { GuardExamplesPanel } from './GuardExamplesPanel';
import { isActive, percent, redTeamJobPath } from './format';
import { listJobs } from './redTeamApi';

/** /admin/red-teaming: the organization's red-teaming jobs, newest first, the form that starts one, the guard examples. */
export function JobsPage() {
  const jobs = useQuery({ queryKey: ['red-teaming', 'jobs'], queryFn: listJobs, refetchInterval: (query) => (query.state.data?.some((job) => isActive(job.Status)) ? 2000 : false) });
  return (
    <Stack spacing={3} sx={{ pb: 2 }}>
      <Title title="Red Teaming" />
      <PageHeading
        title="Red Teaming"
        subtitle="Attack your own language models and copilots through every policy that applies, and see per risk how often an attack got through."
      />
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            Jobs
          </Typography>
          {jobs.isLoading && <LinearProgress />}
          {jobs.data && !jobs.data.length && <Typography color="text.secondary">No red-teaming job yet: start one below.</Typography>}
          {jobs.data && jobs.data.length > 0 && (
            <Table size="small" aria-label="Red-teaming jobs">
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Target</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Attempts</TableCell>
                  <TableCell align="right">Attack success rate</TableCell>
                  <TableCell>Started</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {jobs.data.map((job) => (
                  <TableRow key={job.id} hover>
                    <TableCell>
                      <Link to={redTeamJobPath(job.id)}>{job.Name}</Link>
                    </TableCell>
                    <TableCell>{job.TargetName}</TableCell>
                    <TableCell>
                      <Chip size="small" label={isActive(job.Status) ? `${job.Status} ${job.Progress} %` : job.Status} color={job.Status === 'completed' ? 'success' : job.Status === 'failed' ? 'error' : 'default'} />
                    </TableCell>
                    <TableCell align="right">{job.TotalAttempts}</TableCell>
                    <TableCell align="right">{percent(job.SuccessRate)}</TableCell>
                    <TableCell>{new Date(job.CreatedAt).toLocaleString()}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <CreateJobForm />
      <GuardExamplesPanel />
    </Stack>
  );
}
