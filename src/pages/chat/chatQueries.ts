// The chat pages' server state (react-query, the client react-admin provides): one key per call.
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ConversationDetail } from '../../../domain';
import { getConversation, listChatCopilots, listChatModels, listConversations } from '../../../dataProvider/chatClient';
import { retryUnlessAnswered } from '../../startup/queryClient';

export const chatKeys = {
  conversations: (search: string) => ['chat', 'conversations', search] as const,
  allConversations: ['chat', 'conversations'] as const,
  conversation: (cid: string) => ['chat', 'conversation', cid] as const,
  models: ['chat', 'models'] as const,
  copilots: ['chat', 'copilots'] as const,
};

// A 4xx is an answer (403 without an organization, 404 for someone else's conversation): no retry.

export function useConversations(search: string) {
  return useQuery({ queryKey: chatKeys.conversations(search), queryFn: ({ signal }) => listConversations(search, signal), retry: retryUnlessAnswered });
}

export function useConversation(cid: string | undefined) {
  return useQuery({
    queryKey: chatKeys.conversation(cid ?? ''),
    queryFn: ({ signal }) => getConversation(cid!, signal),
    enabled: Boolean(cid),
    retry: retryUnlessAnswered,
  });
}

export function useChatModels() {
  return useQuery({ queryKey: chatKeys.models, queryFn: ({ signal }) => listChatModels(signal), retry: retryUnlessAnswered, staleTime: 60_000 });
}

export function useChatCopilots(enabled: boolean) {
  return useQuery({ queryKey: chatKeys.copilots, queryFn: ({ signal }) => listChatCopilots(signal), retry: retryUnlessAnswered, staleTime: 60_000, enabled });
}

/** Puts a message into the cached conversation (replacing the one with its id). */
export function storeMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<ConversationDetail>(chatKeys.conversation(message.ConversationId), (conversation) => {
    if (!conversation) return conversation;
    const others = conversation.Messages.filter((existing) => existing.id !== message.id);
    return { ...conversation, Messages: [...others, message] };
  });
}
