// The llm stage's call: plain or streamed, the answer restored from the vault's placeholders. A streamed answer is
// passed on as it comes unless `hold` is set (a verifier could withhold it): then nothing reaches the caller here,
// and the pipeline releases the answer once it is verified.
import { createStreamingRestorer, restore } from '../policies/engine';
import type { Vault } from '../policies/engine';
import type { ChatProvider, ChatRequest, ChatUsage, FinishReason, ToolCall } from '../models/providers/types';

export interface ModelAnswer {
  /** What the model said (placeholders). */
  raw: string;
  /** The real values restored. */
  answer: string;
  usage: ChatUsage | undefined;
  /** The model the provider named, when it did. */
  model: string | null;
  /** The function calls the model asked for, assembled from a stream's fragments (arguments with placeholders). */
  toolCalls: ToolCall[];
  finishReason: FinishReason | null;
}

/** Placeholders restored inside JSON strings: each value escaped as JSON string content, so the JSON stays valid. */
export function jsonEscapedVault(vault: Vault): Vault {
  return Object.fromEntries(Object.entries(vault).map(([placeholder, value]) => [placeholder, JSON.stringify(value).slice(1, -1)]));
}

/** Tool-call fragments of a stream put together by index: id and name from the first fragment that has them, arguments concatenated. */
export function assembleToolCalls(fragments: readonly { index: number; id?: string; name?: string; arguments?: string }[]): ToolCall[] {
  const calls = new Map<number, ToolCall>();
  for (const fragment of fragments) {
    const call = calls.get(fragment.index) ?? { id: '', name: '', arguments: '' };
    if (fragment.id && !call.id) call.id = fragment.id;
    if (fragment.name && !call.name) call.name = fragment.name;
    if (fragment.arguments) call.arguments += fragment.arguments;
    calls.set(fragment.index, call);
  }
  return [...calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call);
}

/** The provider failed; carries what had arrived before. */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly raw: string,
    readonly answer: string,
  ) {
    super(message);
  }
}

export interface ModelCallInput {
  provider: ChatProvider;
  request: ChatRequest;
  vault: Vault;
  onDelta?: ((text: string) => void | Promise<void>) | undefined;
  hold: boolean;
  signal?: AbortSignal | undefined;
  /** The answer is JSON (response_format json_object / json_schema): restored values are escaped for JSON strings. */
  json?: boolean;
}

export async function callModel(input: ModelCallInput): Promise<ModelAnswer> {
  let raw = '';
  let answer = '';
  const vault = input.json ? jsonEscapedVault(input.vault) : input.vault;
  try {
    if (!input.onDelta) {
      const result = await input.provider.complete(input.request, input.signal);
      return { raw: result.text, answer: restore(result.text, vault), usage: result.usage, model: result.model || null, toolCalls: result.toolCalls ?? [], finishReason: result.finishReason ?? null };
    }
    let usage: ChatUsage | undefined;
    let finishReason: FinishReason | null = null;
    const fragments: { index: number; id?: string; name?: string; arguments?: string }[] = [];
    const restorer = createStreamingRestorer(vault);
    const emit = async (text: string) => {
      answer += text;
      if (text && !input.hold) await input.onDelta!(text);
    };
    for await (const chunk of input.provider.stream(input.request, input.signal)) {
      if (chunk.type === 'usage') {
        usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
        continue;
      }
      if (chunk.type === 'tool_call') {
        // Arguments are governed whole once the call is complete: nothing of them is passed on while they stream.
        fragments.push(chunk);
        continue;
      }
      if (chunk.type === 'finish') {
        finishReason = chunk.reason;
        continue;
      }
      raw += chunk.text;
      await emit(restorer.push(chunk.text));
    }
    await emit(restorer.flush());
    return { raw, answer, usage, model: null, toolCalls: assembleToolCalls(fragments), finishReason };
  } catch (error) {
    throw new ModelCallError(error instanceof Error ? error.message : 'The language model failed.', raw, answer);
  }
}
