import { countTokens as countGptTokens } from 'gpt-tokenizer';

/** Texts whose count is kept: a prompt is counted by several stages (guard, policies, llm), an answer by two. */
const MEMO_ENTRIES = 256;
/** Longer texts are counted each time rather than kept (a document's text would hold memory for one reuse). */
const MEMO_MAX_CHARS = 16_384;
const memo = new Map<string, number>();

/** Tokens of a text by the cl100k/o200k family tokenizer: a provider-neutral measure for the non-LLM stages. */
export function countTokens(text: string): number {
  if (!text) return 0;
  const known = memo.get(text);
  if (known !== undefined) return known;
  const count = tokenize(text);
  if (text.length <= MEMO_MAX_CHARS) {
    memo.set(text, count);
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  }
  return count;
}

function tokenize(text: string): number {
  try {
    // Text naming special tokens (e.g. "<|endoftext|>") is counted as plain text, not refused.
    return countGptTokens(text, { disallowedSpecial: new Set() });
  } catch {
    return Math.ceil([...text].length / 4);
  }
}
