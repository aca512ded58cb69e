import { z } from 'zod';
import { MAX_PROMPT_CHARS, MAX_PROMPT_TOTAL_CHARS } from '../../domain/schemas/chat';

const ContentPartSchema = z.object({ type: z.string(), text: z.string().optional() });

export const OpenAiMessageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.union([z.string(), z.array(ContentPartSchema)]).nullable(),
});

/** The subset of OpenAI's chat completion request the gateway honours; other fields are accepted and ignored. */
export const ChatCompletionRequestSchema = z.object({
  model: z.string().min(1, 'model is required'),
  messages: z.array(OpenAiMessageSchema).min(1, 'messages must contain at least one message'),
  stream: z.boolean().nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  user: z.string().nullish(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

/** Text of a message: string content, or the text parts of an array content. */
export function textOf(content: z.infer<typeof OpenAiMessageSchema>['content']): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

/**
 * Why the messages are too long to run (per message, then in all), or null. Detection, the policies and token counts
 * read every message, so the caps bound the work one request can cause.
 */
export function oversizeProblem(texts: readonly string[]): string | null {
  let total = 0;
  for (const [index, text] of texts.entries()) {
    if (text.length > MAX_PROMPT_CHARS) {
      return `messages.${index}.content: the message is ${text.length.toLocaleString('en-US')} characters long; the limit is ${MAX_PROMPT_CHARS.toLocaleString('en-US')} characters.`;
    }
    total += text.length;
  }
  if (total > MAX_PROMPT_TOTAL_CHARS) {
    return `messages: the messages hold ${total.toLocaleString('en-US')} characters in all; the limit is ${MAX_PROMPT_TOTAL_CHARS.toLocaleString('en-US')} characters.`;
  }
  return null;
}
