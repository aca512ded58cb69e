import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { getPromptDetails } from '../../../dataProvider/chatClient';
import { statusOf } from '../../../authProvider/sessionLostRule';
import { MarkdownView } from '../../../resources/help/MarkdownView';
import { errorMessage } from '../../forms/serverErrors';
import { chatPath } from '../chat/chatPaths';
import { VerificationBadge } from '../chat/messages/VerificationBadge';
import { PromptSummary } from './PromptSummary';
import { StageTimeline } from './StageTimeline';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /admin/chat/{CID}/prompt/{PID}/details (ORG_ADMIN; USER for their own prompts): the prompt's lifecycle record. */
export function PromptLifecyclePage() {
  const { CID = '', PID = '' } = useParams();
  const details = useQuery({ queryKey: ['prompts', PID], queryFn: ({ signal }) => getPromptDetails(PID, signal), retry: false });

  let body;
  if (details.isPending) body = <CircularProgress aria-label="Loading the prompt" sx={{ m: 4 }} />;
  else if (details.error) {
    body =
      statusOf(details.error) === 404 ? (
        <Alert severity="warning">
          <strong>Prompt not found.</strong> It may belong to someone else, or its conversation was deleted.
        </Alert>
      ) : (
        <Alert severity="error">{errorMessage(details.error, 'The prompt could not be loaded.')}</Alert>
      );
  } else {
    const record = details.data;
    body = (
      <Stack spacing={2}>
        <PromptSummary details={record} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Panel title="Prompt">
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.Prompt ?? '—'}</Typography>
          </Panel>
          <Panel title="Answer">
            {record.Verification && (
              <Box sx={{ mb: 1 }}>
                <VerificationBadge outcome={record.Verification} />
              </Box>
            )}
            {record.Answer ? <MarkdownView markdown={record.Answer} /> : <Typography color="text.secondary">{record.Blocked ? 'No answer: the prompt was blocked.' : 'No answer.'}</Typography>}
          </Panel>
        </Stack>
        <Typography variant="h6" component="h2">
          Stages
        </Typography>
        <StageTimeline stages={record.Stages} />
      </Stack>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Prompt Lifecycle" />
      <Button component={RouterLink} to={chatPath(CID)} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Back to the conversation
      </Button>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Prompt lifecycle
      </Typography>
      {body}
    </Box>
  );
}
