import { z } from 'zod';
import { MAX_PROMPT_CHARS, MAX_PROMPT_TOTAL_CHARS } from '../../domain/schemas/chat';

const TextPartSchema = z.object({ type: z.literal('text'), text: z.string() });
const ImagePartSchema = z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string().min(1, 'url is required'), detail: z.enum(['auto', 'low', 'high']).optional() }) });
/** Text parts, image parts, and the part types the gateway does not take (refused by name in openai-params.ts). */
const ContentPartSchema = z.union([TextPartSchema, ImagePartSchema, z.object({ type: z.string() }).passthrough()]);
const TextContentSchema = z.union([z.string(), z.array(ContentPartSchema)]);

const ToolCallSchema = z.object({
  id: z.string().min(1, 'id is required'),
  type: z.literal('function'),
  function: z.object({ name: z.string().min(1, 'name is required'), arguments: z.string() }),
});

export const OpenAiMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.enum(['system', 'developer']), content: TextContentSchema, name: z.string().optional() }),
  z.object({ role: z.literal('user'), content: TextContentSchema, name: z.string().optional() }),
  z.object({ role: z.literal('assistant'), content: TextContentSchema.nullish(), tool_calls: z.array(ToolCallSchema).optional(), refusal: z.string().nullish(), name: z.string().optional() }),
  z.object({ role: z.literal('tool'), content: TextContentSchema, tool_call_id: z.string().min(1, 'tool_call_id is required') }),
]);
export type OpenAiMessage = z.infer<typeof OpenAiMessageSchema>;

const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().regex(FUNCTION_NAME, 'a function name is 1 to 64 letters, digits, underscores or dashes'),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});

const ToolChoiceSchema = z.union([z.enum(['none', 'auto', 'required']), z.object({ type: z.literal('function'), function: z.object({ name: z.string().min(1) }) })]);

const ResponseFormatSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({ name: z.string().regex(FUNCTION_NAME, 'a schema name is 1 to 64 letters, digits, underscores or dashes'), description: z.string().optional(), schema: z.record(z.string(), z.unknown()).optional(), strict: z.boolean().nullish() }),
  }),
]);

/**
 * OpenAI chat parameters the gateway knows but does not take: each is refused with a 400 naming it when set
 * (null or false counts as not set), never ignored.
 */
export const REFUSED_PARAMETERS: Record<string, string> = {
  logprobs: 'the answer is rewritten by the policies, so token log probabilities would not match it',
  top_logprobs: 'the answer is rewritten by the policies, so token log probabilities would not match it',
  logit_bias: 'the gateway does not forward token biases',
  functions: 'use tools (functions is deprecated)',
  function_call: 'use tool_choice (function_call is deprecated)',
  audio: 'the gateway answers text only',
  modalities: 'the gateway answers text only',
  prediction: 'the gateway does not forward predicted outputs',
  web_search_options: 'web search is not enabled in the gateway',
  store: 'the gateway does not ask providers to store completions',
  metadata: 'the gateway does not forward metadata',
  service_tier: 'the gateway does not forward a service tier',
  reasoning_effort: 'the gateway does not forward a reasoning effort',
  verbosity: 'the gateway does not forward a verbosity',
  prompt_cache_key: 'the gateway does not forward cache keys',
  safety_identifier: 'use user',
};

/** The OpenAI chat completion request the gateway honours; an unknown field is refused (400), as OpenAI does. */
export const ChatCompletionRequestSchema = z.object({
  model: z.string().min(1, 'model is required'),
  messages: z.array(OpenAiMessageSchema).min(1, 'messages must contain at least one message'),
  stream: z.boolean().nullish(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  stop: z.union([z.string(), z.array(z.string()).max(4, 'at most 4 stop sequences')]).nullish(),
  seed: z.number().int().nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  n: z.number().int().min(1).max(128).nullish(),
  user: z.string().nullish(),
  tools: z.array(ToolSchema).max(128, 'at most 128 tools').nullish(),
  tool_choice: ToolChoiceSchema.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  response_format: ResponseFormatSchema.nullish(),
  ...Object.fromEntries(Object.keys(REFUSED_PARAMETERS).map((key) => [key, z.unknown().optional()])),
}).strict();
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

export const EmbeddingRequestSchema = z.object({
  model: z.string().min(1, 'model is required'),
  input: z.union([z.string(), z.array(z.string()).min(1, 'input must not be empty').max(2048, 'at most 2048 texts'), z.array(z.unknown())]),
  encoding_format: z.enum(['float', 'base64']).nullish(),
  dimensions: z.number().int().positive().nullish(),
  user: z.string().nullish(),
}).strict();
export type EmbeddingRequest = z.infer<typeof EmbeddingRequestSchema>;

/** Text of a message: string content, or the text parts of an array content. */
export function textOf(content: OpenAiMessage['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .flatMap((part) => (part.type === 'text' && 'text' in part && typeof part.text === 'string' ? [part.text] : []))
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
