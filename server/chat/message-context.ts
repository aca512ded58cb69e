// What a chat message sends to the pipeline besides the prompt: the conversation's earlier exchanges (bounded), and
// the instruction for summarizing a document.
import type { ChatMessage } from '../models/providers/types';
import { countTokens } from '../pipeline/tokens';
import type { ChatMessageRow } from './chat-messages.repository';

/** At most this many earlier exchanges, and at most this many tokens of them, newest kept first. */
export const HISTORY_MAX_EXCHANGES = 6;
export const HISTORY_TOKEN_BUDGET = 4_000;

/**
 * Earlier answered exchanges as alternating user/assistant messages, oldest first: what the user typed and the answer
 * they were shown (the pipeline gives the model the same placeholders for them through the conversation's vault).
 */
export function historyMessages(newestFirst: readonly ChatMessageRow[]): ChatMessage[] {
  const kept: ChatMessage[][] = [];
  let tokens = 0;
  for (const row of newestFirst.slice(0, HISTORY_MAX_EXCHANGES)) {
    const exchange: ChatMessage[] = [
      { role: 'user', content: row.prompt },
      { role: 'assistant', content: row.answer ?? '' },
    ];
    const size = exchange.reduce((sum, message) => sum + countTokens(message.content), 0);
    if (tokens + size > HISTORY_TOKEN_BUDGET) break;
    tokens += size;
    kept.unshift(exchange);
  }
  return kept.flat();
}

export function summaryInstruction(fileName: string, keptPercent: number | null): ChatMessage {
  const cut =
    keptPercent === null
      ? ''
      : ` The document is longer than you can read at once: you are given its first ${keptPercent}%. Say that your summary covers only that part.`;
  return { role: 'system', content: `Summarize the document "${fileName}" that the user provided, following the user's request. Keep to what the document says.${cut}` };
}

/** Shown under a summary of a document that did not fit the model's budget. */
export function truncationNote(keptPercent: number): string {
  return `\n\nNote: the document is longer than this model can read at once; this summary covers its first ${keptPercent}%.`;
}
