import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { canAccessPath } from '../../../domain';
import type { Conversation, ConversationDetail } from '../../../domain';
import { statusOf } from '../../../authProvider/sessionLostRule';
import { errorMessage } from '../../forms/serverErrors';
import { useCurrentUser } from '../../routing/useCurrentUser';
import { CHAT_PATH, lifecyclePath } from './chatPaths';
import { chatKeys, useChatModels, useConversation } from './chatQueries';
import { Composer } from './composer/Composer';
import { MessageList } from './messages/MessageList';
import { NoOrganizationState } from './NoOrganizationState';
import { pendingAsMessage, useChatStream } from './useChatStream';

export interface ChatPanelProps {
  /** The open conversation; undefined for a chat not created yet. */
  conversationId: string | undefined;
  /** Creates the conversation when the first message (or document) needs one. */
  createConversation: () => Promise<Conversation>;
  /** Called with the new conversation's id (to put it in the URL). */
  onCreated: (conversationId: string) => void;
  /** Shown above the composer while there are no messages. */
  emptyState: ReactNode;
}

/** A conversation's messages and the composer; streams answers in. Shared by the chat page and the source page. */
export function ChatPanel({ conversationId, createConversation, onCreated, emptyState }: ChatPanelProps) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const models = useChatModels();
  const conversation = useConversation(conversationId);
  const { pending, send, stop } = useChatStream();
  const creating = useRef<Promise<string> | null>(null);

  const ensureConversation = useCallback(async () => {
    if (conversationId) return conversationId;
    creating.current ??= createConversation()
      .then((created) => {
        queryClient.setQueryData<ConversationDetail>(chatKeys.conversation(created.id), { ...created, Messages: [] });
        void queryClient.invalidateQueries({ queryKey: chatKeys.allConversations });
        onCreated(created.id);
        return created.id;
      })
      .finally(() => {
        creating.current = null;
      });
    return creating.current;
  }, [conversationId, createConversation, onCreated, queryClient]);

  const pendingHere = pending && pending.conversationId === conversationId ? pending : null;
  const messages = useMemo(() => {
    const stored = conversation.data?.Messages ?? [];
    if (!pendingHere) return stored;
    const shown = pendingAsMessage(pendingHere);
    return [...stored.filter((message) => message.id !== shown.id), shown];
  }, [conversation.data, pendingHere]);

  if (statusOf(models.error) === 403) return <NoOrganizationState />;
  if (conversationId && conversation.error) {
    const missing = statusOf(conversation.error) === 404;
    return (
      <Alert severity={missing ? 'warning' : 'error'} sx={{ mt: 2 }}>
        {missing ? 'This conversation was not found. It may have been deleted.' : errorMessage(conversation.error, 'The conversation could not be loaded.')}{' '}
        <Link component={RouterLink} to={CHAT_PATH}>
          Start a new chat
        </Link>
      </Alert>
    );
  }
  if (models.isPending || (conversationId && conversation.isPending)) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading the chat" />
      </Box>
    );
  }

  const showLifecycle = user ? canAccessPath(user.Role, lifecyclePath('c', 'p')) : false;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      {Boolean(models.error) && <Alert severity="error">{errorMessage(models.error, 'The language models could not be loaded.')}</Alert>}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', pr: { md: 1 } }}>
        {messages.length === 0 ? <Box sx={{ py: 2 }}>{emptyState}</Box> : <MessageList messages={messages} showLifecycle={showLifecycle} />}
      </Box>
      <Box sx={{ position: { xs: 'sticky', md: 'static' }, bottom: 0, pt: 1, bgcolor: { xs: 'background.default', md: 'transparent' }, zIndex: 1 }}>
        <Composer
          conversationId={conversationId}
          conversationModelId={conversation.data?.LanguageModelId}
          models={models.data ?? []}
          ensureConversation={ensureConversation}
          send={send}
          stop={stop}
          streaming={Boolean(pending)}
        />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          Every prompt passes the organization’s policies; personal data may be anonymized before the model sees it.
        </Typography>
      </Box>
    </Box>
  );
}
