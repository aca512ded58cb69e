// The Vora and Vora P dashboards (§2.4–§2.5, §6): the searches of the organization (paged, searchable; Vora shows the
// owner), New Search / Search (Vora: with discovery by the language model), and one search at /{id}. With the
// dashboard's flag off, the page redirects like any refused route.
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, List, ListItemButton, ListItemText, Paper, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { CompanySearchInput } from '../../../domain';
import { defaultRouteForRole, Role } from '../../../domain';
import type { DiscoveredCompany } from '../../../domain/schemas/research-search';
import { VORA_EMPTY_MESSAGE, VORA_P_EMPTY_MESSAGE } from '../../../domain/schemas/research-search';
import type { ResearchVariant } from '../../../dataProvider/researchClient';
import { createSearch, discoverCompanies, listSearches } from '../../../dataProvider/researchClient';
import { useAppMeta } from '../../startup/AppMetaContext';
import { useCurrentUser } from '../../routing/useCurrentUser';
import { CompanySearchForm } from './CompanySearchForm';
import { GuidelinesEditor } from './GuidelinesEditor';
import { SearchDetail } from './SearchDetail';

const CONFIG = {
  vora: { title: 'Vora', basePath: '/admin/vora-dashboard', feature: 'VoraDashboard', newLabel: 'New Search', searchLabel: 'Search', empty: VORA_EMPTY_MESSAGE },
  vora_p: { title: 'Vora P', basePath: '/admin/vora-p-dashboard', feature: 'VoraPDashboard', newLabel: 'Search', searchLabel: 'Search', empty: VORA_P_EMPTY_MESSAGE },
} as const;

const dateText = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');

export function ResearchPage({ variant }: { variant: ResearchVariant }) {
  const config = CONFIG[variant];
  const { Features } = useAppMeta();
  const { user } = useCurrentUser();
  const { searchId } = useParams();
  if (!Features[config.feature]) return <Navigate replace to={defaultRouteForRole(user?.Role) ?? '/'} />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={config.title} />
      {searchId ? <SearchDetail variant={variant} searchId={searchId} basePath={config.basePath} /> : <SearchHome variant={variant} />}
    </Box>
  );
}

function SearchHome({ variant }: { variant: ResearchVariant }) {
  const config = CONFIG[variant];
  const navigate = useNavigate();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [q, setQ] = useState('');
  const [formOpen, setFormOpen] = useState(false);
  const [guidelinesOpen, setGuidelinesOpen] = useState(false);
  const { user } = useCurrentUser();
  // The organization's underwriting guidelines: its ORG_ADMIN edits them (the API refuses anyone else).
  const editsGuidelines = user?.Role === Role.ORG_ADMIN;
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [candidates, setCandidates] = useState<{ companies: DiscoveredCompany[]; message: string | null; input: Required<CompanySearchInput> } | null>(null);
  const list = useQuery({ queryKey: ['research', variant, 'list', page, perPage, q], queryFn: ({ signal }) => listSearches(variant, { page: page + 1, perPage, q }, signal) });

  const [documents, setDocuments] = useState<File[]>([]);
  const start = async (values: Required<CompanySearchInput>, files: readonly File[] = documents) => {
    setLoading(true);
    setError(null);
    try {
      const created = await createSearch(variant, values, files);
      await client.invalidateQueries({ queryKey: ['research', variant, 'list'] });
      navigate(`${config.basePath}/${created.id}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The search could not be started.');
    } finally {
      setLoading(false);
    }
  };
  const search = async (values: Required<CompanySearchInput>, picked: File[]) => {
    setDocuments(picked);
    // Vora: a name and a location without a site first asks the model which companies they may be.
    if (variant === 'vora' && !values.siteLink) {
      setLoading(true);
      setError(null);
      try {
        const found = await discoverCompanies(values.accountName, values.location);
        setCandidates({ companies: found.Companies, message: found.Message, input: values });
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : 'Discovery failed.');
      } finally {
        setLoading(false);
      }
      return;
    }
    await start(values, picked);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="h5" component="h1">{config.title}</Typography>
        <Stack direction="row" spacing={1}>
          {editsGuidelines ? <Button variant="outlined" onClick={() => setGuidelinesOpen(true)}>Underwriting guidelines</Button> : null}
          <Button variant="contained" onClick={() => setFormOpen(true)}>{config.newLabel}</Button>
        </Stack>
      </Stack>
      {editsGuidelines ? (
        <Dialog open={guidelinesOpen} onClose={() => setGuidelinesOpen(false)} fullWidth maxWidth="md" aria-labelledby="research-guidelines-title">
          <DialogTitle id="research-guidelines-title">Underwriting guidelines</DialogTitle>
          <DialogContent>
            <GuidelinesEditor />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setGuidelinesOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      ) : null}
      <Dialog open={formOpen} onClose={() => !loading && setFormOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{config.newLabel}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <CompanySearchForm searchLabel={config.searchLabel} loading={loading} onSearch={(values, picked) => void search(values, picked)} onCancel={() => setFormOpen(false)} />
            {loading ? <LinearProgress sx={{ mt: 2 }} /> : null}
            {error ? <Alert severity="error" sx={{ mt: 2 }}>{error}</Alert> : null}
            {candidates ? (
              candidates.companies.length ? (
                <List aria-label="Companies found">
                  {candidates.companies.map((company) => (
                    <ListItemButton key={company.SiteLink} onClick={() => void start({ siteLink: company.SiteLink, accountName: company.AccountName, location: company.Location || candidates.input.location })}>
                      <ListItemText primary={`${company.AccountName} — ${company.SiteLink}`} secondary={company.Why} />
                    </ListItemButton>
                  ))}
                </List>
              ) : (
                <Alert severity="info" sx={{ mt: 2 }} action={<Button onClick={() => void start(candidates.input)}>Search anyway</Button>}>{candidates.message ?? config.empty}</Alert>
              )
            ) : null}
          </Box>
        </DialogContent>
      </Dialog>
      <Paper variant="outlined">
        <Box sx={{ p: 2 }}>
          <TextField label="Search" size="small" value={q} onChange={(event) => { setQ(event.target.value); setPage(0); }} />
        </Box>
        {list.isPending ? <LinearProgress /> : list.isError ? <Alert severity="error">{list.error.message}</Alert> : list.data.rows.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">{config.empty}</Typography>
        ) : (
          <Table size="small" aria-label={`${config.title} searches`}>
            <TableHead>
              <TableRow>
                <TableCell>Company</TableCell><TableCell>Site</TableCell><TableCell>Location</TableCell>
                {variant === 'vora' ? <TableCell>Owner</TableCell> : null}
                <TableCell>Status</TableCell><TableCell>Score</TableCell><TableCell>{variant === 'vora' ? 'Completed' : 'Sent'}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.rows.map((row) => (
                <TableRow key={row.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`${config.basePath}/${row.id}`)}>
                  <TableCell>{'AccountName' in row ? row.AccountName : row.CompanyName}</TableCell>
                  <TableCell>{'SiteLink' in row ? row.SiteLink : row.Website}</TableCell>
                  <TableCell>{row.Location}</TableCell>
                  {'Owner' in row ? <TableCell>{row.Owner.Name}</TableCell> : null}
                  <TableCell>{row.Status === 'in_progress' ? `In progress (${row.Progress} %)` : row.Status === 'success' ? 'Done' : 'Failed'}</TableCell>
                  <TableCell>{row.RiskScore ?? '—'}</TableCell>
                  <TableCell>{dateText('CompletionTime' in row ? row.CompletionTime : row.SentDate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <TablePagination component="div" count={list.data?.total ?? 0} page={page} rowsPerPage={perPage} onPageChange={(_event, next) => setPage(next)} onRowsPerPageChange={(event) => { setPerPage(Number(event.target.value)); setPage(0); }} rowsPerPageOptions={[10, 25, 50]} />
      </Paper>
    </Stack>
  );
}
