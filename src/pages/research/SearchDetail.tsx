// One search: its nine sections as widgets (each with its own loading and error state), the gauge, the model(s)
// used, the follow-up chat, the PDF report, refresh (Vora) and delete. Polls while the search runs.
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Grid, LinearProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SectionKey } from '../../../domain/schemas/research-search';
import { SECTION_TITLES } from '../../../domain/schemas/research-search';
import type { ResearchVariant } from '../../../dataProvider/researchClient';
import { deleteSearch, downloadReport, getSearch, refreshSearch } from '../../../dataProvider/researchClient';
import { FollowupChat } from './FollowupChat';
import { SectionContent } from './widgets/SectionContent';
import { SectionWidget } from './widgets/SectionWidget';

const POLL_MS = 1500;
const LAYOUT: SectionKey[] = ['riskScore', 'riskProfile', 'insights', 'cysmo', 'control', 'guidelines', 'claims', 'vorafiedClaims', 'documents'];

export function ModelsTable({ models }: { models: { Provider: string; Model: string; Name: string }[] }) {
  return (
    <Table size="small" aria-label="Language Model(s) used for search.">
      <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>Language Model(s) used for search.</caption>
      <TableHead><TableRow><TableCell>Provider</TableCell><TableCell>Model</TableCell></TableRow></TableHead>
      <TableBody>
        {models.length ? models.map((model) => <TableRow key={model.Name}><TableCell>{model.Provider}</TableCell><TableCell>{`${model.Name} (${model.Model})`}</TableCell></TableRow>) : <TableRow><TableCell colSpan={2}>None yet</TableCell></TableRow>}
      </TableBody>
    </Table>
  );
}

export function SearchDetail({ variant, searchId, basePath }: { variant: ResearchVariant; searchId: string; basePath: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = ['research', variant, searchId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getSearch(variant, searchId, signal), refetchInterval: (current) => (current.state.data?.Status === 'in_progress' ? POLL_MS : false) });
  const [question, setQuestion] = useState('');
  const [actionError, setActionError] = useState<string | null>(null);
  if (query.isPending) return <LinearProgress aria-label="Loading the search" />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  const search = query.data;
  const name = 'AccountName' in search ? search.AccountName || search.SiteLink : search.CompanyName || search.Website;
  const site = 'SiteLink' in search ? search.SiteLink : search.Website;
  const chatDisabled = (sectionKey: SectionKey) => !search.CanChat || sectionKey === 'documents' || (variant === 'vora_p' && sectionKey === 'riskProfile');
  const act = (work: () => Promise<unknown>) => async () => {
    setActionError(null);
    try {
      await work();
    } catch (error) {
      setActionError(error instanceof Error ? error.message : 'The action failed.');
    }
  };
  const download = act(async () => {
    const { bytes, fileName } = await downloadReport(variant, searchId);
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} justifyContent="space-between">
          <Box>
            <Typography variant="h5" component="h1">{name}</Typography>
            <Typography color="text.secondary">{[site, search.Location].filter(Boolean).join(' · ')}</Typography>
            {'Owner' in search ? <Typography variant="body2">{`Owner: ${search.Owner.Name}`}</Typography> : null}
          </Box>
          <Stack direction="row" spacing={1} alignItems="flex-start">
            <Button startIcon={<DownloadIcon />} variant="outlined" onClick={() => void download()}>Download report</Button>
            {variant === 'vora' ? <Button startIcon={<RefreshIcon />} variant="outlined" disabled={search.Status === 'in_progress'} onClick={() => void act(async () => { await refreshSearch(searchId); await client.invalidateQueries({ queryKey: key }); })()}>Refresh search</Button> : null}
            <Button startIcon={<DeleteIcon />} color="error" variant="outlined" onClick={() => void act(async () => { await deleteSearch(variant, searchId); navigate(basePath); })()}>Delete</Button>
          </Stack>
        </Stack>
        {search.Status === 'in_progress' ? <LinearProgress variant="determinate" value={search.Progress} sx={{ mt: 2 }} aria-label="Search progress" /> : null}
        {actionError ? <Alert severity="error" sx={{ mt: 2 }}>{actionError}</Alert> : null}
        <Box sx={{ mt: 2, maxWidth: 520 }}><ModelsTable models={search.Models} /></Box>
      </Paper>
      <Grid container spacing={2}>
        {LAYOUT.map((sectionKey) => {
          const section = search.Sections.find((item) => item.Key === sectionKey);
          if (!section) return null;
          return (
            <Grid key={sectionKey} size={{ xs: 12, md: sectionKey === 'cysmo' || sectionKey === 'documents' ? 12 : 6 }}>
              <SectionWidget section={section} chatDisabled={chatDisabled(sectionKey)} onChat={() => setQuestion(`About ${SECTION_TITLES[sectionKey]}: `)}>
                <SectionContent section={section} />
              </SectionWidget>
            </Grid>
          );
        })}
      </Grid>
      <FollowupChat variant={variant} searchId={searchId} history={search.Followups} canChat={search.CanChat} question={question} onQuestion={setQuestion} onAnswered={() => void client.invalidateQueries({ queryKey: key })} />
    </Stack>
  );
}
