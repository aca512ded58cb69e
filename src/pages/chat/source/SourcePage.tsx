import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { createConversation, getCitedSource } from '../../../../dataProvider/chatClient';
import { statusOf } from '../../../../authProvider/sessionLostRule';
import { errorMessage } from '../../../forms/serverErrors';
import { chatPath, sourcePath } from '../chatPaths';
import { ChatPanel } from '../ChatPanel';
import { CitedChunk } from './CitedChunk';

/**
 * /chat/{CID}/prompt/{PID}/document/{CHUNK}/{ChildChat?}: the chunk an answer cited, in its document's context, and
 * a child chat about it (created with the first message, then addressed by {ChildChat}).
 */
export function SourcePage() {
  const { CID = '', PID = '', CHUNK = '', ChildChat } = useParams();
  const navigate = useNavigate();
  const source = useQuery({
    queryKey: ['chat', 'source', CID, PID, CHUNK],
    queryFn: ({ signal }) => getCitedSource(CID, PID, CHUNK, signal),
    retry: false,
  });
  const documentName = source.data?.DocumentName;
  const create = useCallback(
    () => createConversation({ ParentConversationId: CID, SourceChunkId: CHUNK, Title: documentName ? `About ${documentName}`.slice(0, 120) : undefined }),
    [CID, CHUNK, documentName],
  );
  const onCreated = useCallback((id: string) => navigate(sourcePath(CID, PID, CHUNK, id)), [navigate, CID, PID, CHUNK]);

  let body;
  if (source.isPending) body = <CircularProgress aria-label="Loading the source" sx={{ m: 4 }} />;
  else if (source.error) {
    body =
      statusOf(source.error) === 404 ? (
        <Alert severity="warning">Source not found. The answer may have been deleted, or this source was not cited by it.</Alert>
      ) : (
        <Alert severity="error">{errorMessage(source.error, 'The source could not be loaded.')}</Alert>
      );
  } else {
    body = (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', lg: 'row' } }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <CitedChunk source={source.data} />
        </Box>
        <Paper
          variant="outlined"
          component="section"
          aria-label="Chat about this source"
          sx={{ flex: 1, minWidth: 0, width: '100%', p: 2, display: 'flex', flexDirection: 'column', height: { lg: 'calc(100vh - 200px)' }, minHeight: { lg: 420 } }}
        >
          <Typography variant="h6" component="h2">
            Chat about this source
          </Typography>
          <Box sx={{ flex: 1, minHeight: 0 }}>
            <ChatPanel
              conversationId={ChildChat}
              createConversation={create}
              onCreated={onCreated}
              emptyState={
                <Typography color="text.secondary">
                  Ask a question about this passage. The conversation is kept with your chats, linked to this source.
                </Typography>
              }
            />
          </Box>
        </Paper>
      </Box>
    );
  }

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Source Document" />
      <Button component={RouterLink} to={chatPath(CID)} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Back to the conversation
      </Button>
      <Typography variant="h5" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {documentName ?? 'Source document'}
      </Typography>
      {body}
    </Box>
  );
}
