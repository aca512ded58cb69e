import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ConversationDetail, SendMessage } from '../../../domain';
import { streamChatMessage } from '../../../dataProvider/chatClient';
import { errorMessage } from '../../forms/serverErrors';
import { chatKeys, storeMessage } from './chatQueries';

/** The answer being received: the message as the server started it (null until then) and the text so far. */
export interface PendingAnswer {
  conversationId: string;
  request: SendMessage;
  message: ChatMessage | null;
  text: string;
}

export type SendOutcome = 'answered' | 'refused' | 'stopped' | 'broken';

/**
 * Sends a message and follows its stream. The final message goes into the conversation's cache; whatever
 * happens, the conversation and the list are fetched again afterwards (a stopped or broken answer is kept by
 * the server as a failed message).
 */
export function useChatStream() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  const controller = useRef<AbortController | null>(null);

  const send = useCallback(
    async (conversationId: string, request: SendMessage): Promise<SendOutcome> => {
      const abort = new AbortController();
      controller.current = abort;
      setPending({ conversationId, request, message: null, text: '' });
      let outcome: SendOutcome = 'broken';
      let accepted = false;
      let startedId: string | null = null;
      let answered = false;
      try {
        await streamChatMessage(
          conversationId,
          request,
          (event) => {
            if (event.type === 'prompt') {
              accepted = true;
              startedId = event.message.id;
              setPending((current) => current && { ...current, message: event.message });
            } else if (event.type === 'delta') {
              setPending((current) => current && { ...current, text: current.text + event.text });
            } else if (event.type === 'done') {
              answered = true;
              storeMessage(queryClient, event.message);
              setPending(null);
            } else {
              notify(event.message, { type: 'error' });
            }
          },
          abort.signal,
        );
      } catch (error) {
        if (!abort.signal.aborted) {
          outcome = accepted ? 'broken' : 'refused';
          notify(errorMessage(error, 'The message could not be sent.'), { type: 'error' });
        }
      } finally {
        // Stopped, whether the stream then failed or the server closed it when the client went away.
        if (answered) outcome = 'answered';
        else if (abort.signal.aborted) outcome = 'stopped';
        controller.current = null;
        setPending(null);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) }),
          queryClient.invalidateQueries({ queryKey: chatKeys.allConversations }),
        ]);
        if (outcome === 'stopped' && startedId) await untilRecorded(queryClient, conversationId, startedId);
      }
      return outcome;
    },
    [notify, queryClient],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { pending, send, stop };
}

const RECORDED_POLLS = 10;
const RECORDED_POLL_MS = 300;

/**
 * After a stop, the server records the stopped answer once it sees the stream closed, which can be after the
 * conversation was fetched again: fetch it again, a few times, while the message is still in progress.
 */
async function untilRecorded(queryClient: QueryClient, conversationId: string, messageId: string): Promise<void> {
  const inProgress = () =>
    queryClient.getQueryData<ConversationDetail>(chatKeys.conversation(conversationId))?.Messages.some((message) => message.id === messageId && message.Status === 'in_progress') ?? false;
  for (let poll = 0; poll < RECORDED_POLLS && inProgress(); poll++) {
    await new Promise((resolve) => setTimeout(resolve, RECORDED_POLL_MS));
    await queryClient.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) });
  }
}

/** How the answer being received is shown until its final message arrives. */
export function pendingAsMessage(pending: PendingAnswer): ChatMessage {
  const started = pending.message;
  return {
    id: started?.id ?? 'pending',
    ConversationId: pending.conversationId,
    MessageType: pending.request.MessageType,
    Prompt: pending.request.Content,
    Answer: pending.text || null,
    Status: 'in_progress',
    BlockedMessage: null,
    Error: null,
    PolicyActions: started?.PolicyActions ?? [],
    Malicious: started?.Malicious ?? false,
    Verification: null,
    VerificationWarning: null,
    Sources: [],
    LanguageModelId: started?.LanguageModelId ?? null,
    ModelName: started?.ModelName ?? null,
    AppId: started?.AppId ?? null,
    AppName: started?.AppName ?? null,
    DocumentId: started?.DocumentId ?? null,
    DocumentName: started?.DocumentName ?? null,
    CreatedAt: started?.CreatedAt ?? new Date().toISOString(),
  };
}
