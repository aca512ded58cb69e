import GppBadIcon from '@mui/icons-material/GppBadOutlined';
import TimelineIcon from '@mui/icons-material/Timeline';
import { Alert, AlertTitle, Box, Chip, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { CHAT_MESSAGE_TYPE_LABELS } from '../../../../domain';
import type { ChatMessage } from '../../../../domain';
import { MarkdownView } from '../../../../resources/help/MarkdownView';
import { lifecyclePath } from '../chatPaths';
import { CitedSources } from './CitedSources';
import { PolicyActionChips } from './PolicyActionChips';
import { VerificationBadge } from './VerificationBadge';

function blockingPolicy(message: ChatMessage): string | undefined {
  return message.PolicyActions.find((action) => action.Action === 'blocked')?.PolicyName;
}

function PromptBubble({ message }: { message: ChatMessage }) {
  const context = [CHAT_MESSAGE_TYPE_LABELS[message.MessageType], message.AppName, message.DocumentName].filter(Boolean).join(' · ');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Typography variant="caption" color="text.secondary">
        {context}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ px: 2, py: 1, maxWidth: '85%', bgcolor: 'action.hover', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="chat-prompt"
      >
        {message.Prompt}
      </Paper>
    </Box>
  );
}

function AnswerBody({ message }: { message: ChatMessage }) {
  const streaming = message.Status === 'in_progress';
  if (message.BlockedMessage) {
    const policy = blockingPolicy(message);
    return (
      <Alert severity="error" variant="outlined">
        <AlertTitle>{policy ? `Blocked by the policy “${policy}”` : 'Blocked'}</AlertTitle>
        {message.BlockedMessage}
      </Alert>
    );
  }
  return (
    <>
      {message.VerificationWarning && <Alert severity="warning">{message.VerificationWarning}</Alert>}
      {message.Status === 'failed' && (
        <Alert severity="error">
          <AlertTitle>The answer failed</AlertTitle>
          {message.Error ?? 'The prompt could not be answered.'}
        </Alert>
      )}
      {message.Answer ? (
        <Box sx={{ overflowWrap: 'anywhere' }} aria-live={streaming ? 'polite' : undefined} data-testid="chat-answer">
          <MarkdownView markdown={message.Answer} />
        </Box>
      ) : (
        streaming && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={16} />
            <Typography variant="body2">Waiting for the answer…</Typography>
          </Stack>
        )
      )}
    </>
  );
}

export interface ChatMessageCardProps {
  message: ChatMessage;
  /** Whether the signed-in user may open the lifecycle page (ORG_ADMIN, USER). */
  showLifecycle: boolean;
}

/** One prompt and its answer, with what the policies and verifiers did. */
export function ChatMessageCard({ message, showLifecycle }: ChatMessageCardProps) {
  const finished = message.Status !== 'in_progress';
  const model = message.AppName ?? message.ModelName;
  return (
    <Stack component="article" spacing={1} aria-label={`Message: ${message.Prompt.slice(0, 80)}`}>
      <PromptBubble message={message} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <AnswerBody message={message} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            {message.Verification && finished && <VerificationBadge outcome={message.Verification} />}
            <PolicyActionChips actions={message.PolicyActions} />
            {message.Malicious && <Chip size="small" color="error" icon={<GppBadIcon />} label="Malicious prompt" />}
            {model && (
              <Typography variant="caption" color="text.secondary">
                {model}
              </Typography>
            )}
            {showLifecycle && finished && message.id !== 'pending' && (
              <Link component={RouterLink} to={lifecyclePath(message.ConversationId, message.id)} variant="body2" sx={{ ml: 'auto', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                <TimelineIcon fontSize="small" />
                Lifecycle
              </Link>
            )}
          </Stack>
          {message.Sources.length > 0 && <CitedSources message={message} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
