// What each provider can honour of the OpenAI chat parameters. The gateway asks before the call, and refuses a
// request whose parameter the chosen model's provider would ignore (400 naming it): nothing is dropped in silence.
import type { LlmProvider } from '../../../domain/schemas/language-models';

/** The request's parameters, by their OpenAI names, that a provider may not honour. */
export type ChatParameter =
  | 'temperature'
  | 'top_p'
  | 'stop'
  | 'seed'
  | 'presence_penalty'
  | 'frequency_penalty'
  | 'n'
  | 'user'
  | 'tools'
  | 'tool_choice'
  | 'parallel_tool_calls'
  | 'response_format'
  | 'response_format.json_schema'
  | 'image_url'
  | 'embeddings'
  | 'dimensions';

const NOT_HONOURED: Record<LlmProvider, Partial<Record<ChatParameter, string>>> = {
  openai: {},
  'azure-openai': {},
  'openai-compatible': {},
  // Ollama's OpenAI API (https://github.com/ollama/ollama/blob/main/docs/openai.md) takes tools, JSON mode, seed,
  // stop, top_p and the penalties; it answers one choice only and takes no `dimensions`.
  ollama: { n: 'Ollama answers one choice only', dimensions: 'Ollama embeddings have a fixed size' },
  // Anthropic's Messages API: tools, stop sequences, images and max_tokens map; the rest has no equivalent.
  anthropic: {
    temperature: "Anthropic's current API takes no temperature",
    top_p: "Anthropic's current API takes no top_p",
    seed: 'Anthropic has no seed',
    presence_penalty: 'Anthropic has no presence penalty',
    frequency_penalty: 'Anthropic has no frequency penalty',
    n: 'Anthropic answers one choice only',
    response_format: 'Anthropic has no JSON mode in the API version this console uses',
    'response_format.json_schema': 'Anthropic has no structured outputs in the API version this console uses',
    embeddings: 'Anthropic offers no embeddings',
    dimensions: 'Anthropic offers no embeddings',
  },
  // The offline demo model is deterministic: sampling parameters (temperature, top_p, seed, penalties) cannot change
  // its answer and are accepted; it honours stop, max tokens, tools and JSON mode (see demo.ts).
  demo: { n: 'the demo model answers one choice only' },
};

/** Why `provider` cannot honour `parameter`, or null when it can. */
export function notHonoured(provider: LlmProvider, parameter: ChatParameter): string | null {
  return NOT_HONOURED[provider][parameter] ?? null;
}
