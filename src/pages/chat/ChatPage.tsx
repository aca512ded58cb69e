import ForumIcon from '@mui/icons-material/ForumOutlined';
import { Alert, Box, Link, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { createConversation } from '../../../dataProvider/chatClient';
import { statusOf } from '../../../authProvider/sessionLostRule';
import { useCurrentUser } from '../../routing/useCurrentUser';
import { chatPath } from './chatPaths';
import { ChatPanel } from './ChatPanel';
import { useChatModels, useConversation } from './chatQueries';
import { ConversationSidebar } from './ConversationSidebar';
import { NoOrganizationState } from './NoOrganizationState';

function NewChatWelcome() {
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6, color: 'text.secondary' }}>
      <ForumIcon sx={{ fontSize: 48 }} color="disabled" />
      <Typography variant="h6" component="p" color="text.primary">
        Start a new chat
      </Typography>
      <Typography sx={{ maxWidth: 560 }}>
        Ask the model, search your company’s data, ask a copilot or summarize a document. Your first message creates the conversation.
      </Typography>
    </Stack>
  );
}

/** /chat/{CID?} (any signed-in role that belongs to an organization): conversations, messages and the composer. */
export function ChatPage() {
  // The layout's session check has answered by now; an account without an organization (PRODUCT_ADMIN,
  // CUSTOMER_ADMIN) has nothing to chat with, so the page explains that without calling the chat API.
  const { user } = useCurrentUser();
  const hasOrganization = Boolean(user?.OrganizationId);

  return (
    // From md up the page fills the window below the app bar: the conversations and the messages scroll on their own.
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', height: { md: 'calc(100vh - 48px)' }, minHeight: { md: 480 } }}>
      <Title title="Chat" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Chat
      </Typography>
      {hasOrganization ? <ChatWorkspace /> : <NoOrganizationState />}
    </Box>
  );
}

function ChatWorkspace() {
  const { CID } = useParams();
  const navigate = useNavigate();
  const models = useChatModels();
  const parentId = useConversation(CID).data?.ParentConversationId;
  const create = useCallback(() => createConversation({}), []);
  const onCreated = useCallback((id: string) => navigate(chatPath(id)), [navigate]);

  // Still possible when the organization was removed during the session.
  if (statusOf(models.error) === 403) return <NoOrganizationState />;
  return (
    <Box sx={{ display: 'flex', gap: 2, flex: 1, minHeight: 0, flexDirection: { xs: 'column', md: 'row' } }}>
      <ConversationSidebar activeId={CID} />
      <Box sx={{ flex: 1, minWidth: 0, minHeight: 0, width: '100%', display: 'flex', flexDirection: 'column' }}>
        {parentId && (
          <Alert severity="info" sx={{ mb: 1 }}>
            This chat is about a source cited in another conversation.{' '}
            <Link component={RouterLink} to={chatPath(parentId)}>
              Open that conversation
            </Link>
          </Alert>
        )}
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <ChatPanel conversationId={CID} createConversation={create} onCreated={onCreated} emptyState={<NewChatWelcome />} />
        </Box>
      </Box>
    </Box>
  );
}
