// The llm stage's call: plain or streamed, the answer restored from the vault's placeholders. A streamed answer is
// passed on as it comes unless `hold` is set (a verifier could withhold it): then nothing reaches the caller here,
// and the pipeline releases the answer once it is verified.
import { createStreamingRestorer, restore } from '../policies/engine';
import type { Vault } from '../policies/engine';
import type { ChatProvider, ChatRequest, ChatUsage } from '../models/providers/types';

export interface ModelAnswer {
  /** What the model said (placeholders). */
  raw: string;
  /** The real values restored. */
  answer: string;
  usage: ChatUsage | undefined;
  /** The model the provider named, when it did. */
  model: string | null;
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
}

export async function callModel(input: ModelCallInput): Promise<ModelAnswer> {
  let raw = '';
  let answer = '';
  try {
    if (!input.onDelta) {
      const result = await input.provider.complete(input.request, input.signal);
      return { raw: result.text, answer: restore(result.text, input.vault), usage: result.usage, model: result.model || null };
    }
    let usage: ChatUsage | undefined;
    const restorer = createStreamingRestorer(input.vault);
    const emit = async (text: string) => {
      answer += text;
      if (text && !input.hold) await input.onDelta!(text);
    };
    for await (const chunk of input.provider.stream(input.request, input.signal)) {
      if (chunk.type === 'usage') {
        usage = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
        continue;
      }
      raw += chunk.text;
      await emit(restorer.push(chunk.text));
    }
    await emit(restorer.flush());
    return { raw, answer, usage, model: null };
  } catch (error) {
    throw new ModelCallError(error instanceof Error ? error.message : 'The language model failed.', raw, answer);
  }
}
