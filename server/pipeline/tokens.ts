import { countTokens as countGptTokens } from 'gpt-tokenizer';

/** Tokens of a text by the cl100k/o200k family tokenizer: a provider-neutral measure for the non-LLM stages. */
export function countTokens(text: string): number {
  if (!text) return 0;
  try {
    // Text naming special tokens (e.g. "<|endoftext|>") is counted as plain text, not refused.
    return countGptTokens(text, { disallowedSpecial: new Set() });
  } catch {
    return Math.ceil([...text].length / 4);
  }
}
