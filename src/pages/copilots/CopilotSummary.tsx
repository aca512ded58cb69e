import { Box, Button, Card, CardContent, Divider, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ChipField, RecordContextProvider, ReferenceArrayField, SingleFieldList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { COPILOT_PROMPT_TYPE_LABELS, COPILOT_SETUP_STEPS, COPILOT_STEP_LABELS, CopilotPromptType } from '../../../domain';
import type { App, CopilotSetupStepValue } from '../../../domain';
import { formatDateTime } from './copilotFormat';
import { copilotStepPath } from './copilotPaths';
import { CopilotRateLimitsForm } from './CopilotRateLimitsForm';
import { CopilotAllowedToolsForm } from './CopilotAllowedToolsForm';
import { CopilotStatusButton } from './CopilotStatusButton';
import { CopilotTokenButton } from './CopilotTokenButton';

const Chips = ({ source, reference }: { source: string; reference: string }) => (
  <ReferenceArrayField source={source} reference={reference} empty={<Typography variant="body2">None</Typography>}>
    <SingleFieldList linkType={false}>
      <ChipField source="Name" size="small" />
    </SingleFieldList>
  </ReferenceArrayField>
);

function stepSummary(app: App, step: CopilotSetupStepValue): ReactNode {
  switch (step) {
    case 1:
      return <Chips source="DataSourceIds" reference="admin/cdr" />;
    case 2: {
      const restricted = app.DataAccess.filter((entry) => entry.GroupIds.length > 0).length;
      return app.DataSourceIds.length === 0 ? 'No data sources' : restricted === 0 ? 'Every user of the copilot reads every data source' : `${restricted} of ${app.DataSourceIds.length} data sources limited to groups`;
    }
    case 3:
      return `Top K ${app.Rag.TopK}, minimum score ${app.Rag.MinScore}, ${app.Rag.CiteSources ? 'cites its sources' : 'does not cite sources'}`;
    case 4:
      return <Chips source="LanguageModelIds" reference="admin/language-models" />;
    case 5:
      return <Chips source="PolicyIds" reference="admin/policies" />;
    case 6:
      return `${app.UserIds.length} ${app.UserIds.length === 1 ? 'user' : 'users'}, ${app.GroupIds.length} ${app.GroupIds.length === 1 ? 'group' : 'groups'}`;
    case 7:
      return app.PromptType === CopilotPromptType.PREDEFINED
        ? `${COPILOT_PROMPT_TYPE_LABELS[2]}: ${app.PredefinedPrompts.map((prompt) => prompt.Title).join(', ')}`
        : COPILOT_PROMPT_TYPE_LABELS[1];
  }
}

/** After step 7: what the copilot is set up with (each step editable), its status and its API token. */
export function CopilotSummary({ app, reload }: { app: App; reload: () => Promise<unknown> }) {
  return (
    <RecordContextProvider value={app}>
      <Stack spacing={2}>
        <Card variant="outlined" component="section" aria-labelledby="copilot-setup-title">
          <CardContent>
            <Typography id="copilot-setup-title" variant="h6" component="h2" sx={{ mb: 1 }}>
              Set-up
            </Typography>
            {COPILOT_SETUP_STEPS.map((step) => (
              <Box key={step} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr auto' }, gap: 1, py: 1, alignItems: 'center', borderTop: step > 1 ? 1 : 0, borderColor: 'divider' }}>
                <Typography variant="subtitle2">{COPILOT_STEP_LABELS[step]}</Typography>
                <Box sx={{ typography: 'body2' }} aria-label={COPILOT_STEP_LABELS[step]}>
                  {stepSummary(app, step)}
                </Box>
                <Link component={RouterLink} to={copilotStepPath(app.id, step)} variant="body2" aria-label={`Edit ${COPILOT_STEP_LABELS[step]}`}>
                  Edit
                </Link>
              </Box>
            ))}
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-labelledby="copilot-token-title">
          <CardContent>
            <Typography id="copilot-token-title" variant="h6" component="h2">
              API access
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Applications call the copilot with its API token. It reads only data sources open to everyone.
            </Typography>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {app.TokenSet ? `Token ${app.TokenMasked ?? ''} created ${formatDateTime(app.TokenCreatedAt)}` : 'No API token yet.'}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <CopilotTokenButton app={app} onCreated={() => void reload()} />
            </Box>
            <Divider sx={{ my: 2 }} />
            <Typography id="copilot-limits-title" variant="subtitle1" component="h3">
              Rate limits
            </Typography>
            <Box component="section" aria-labelledby="copilot-limits-title" sx={{ mt: 1 }}>
              <CopilotRateLimitsForm app={app} />
            </Box>
            <Divider sx={{ my: 2 }} />
            <Typography id="copilot-tools-title" variant="subtitle1" component="h3">
              Allowed tools
            </Typography>
            <Box component="section" aria-labelledby="copilot-tools-title" sx={{ mt: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {app.AllowedTools?.length ? `Its token may offer only: ${app.AllowedTools.join(', ')} (and only those the organization also allows).` : "No list of its own: the organization's allowed tool names apply."}
              </Typography>
              <CopilotAllowedToolsForm app={app} />
            </Box>
            <Divider sx={{ my: 2 }} />
            <CopilotStatusButton app={app} />
          </CardContent>
        </Card>
        <Box>
          <Button component={RouterLink} to={copilotStepPath(app.id, 1)}>
            Review the set-up from step 1
          </Button>
        </Box>
      </Stack>
    </RecordContextProvider>
  );
}
