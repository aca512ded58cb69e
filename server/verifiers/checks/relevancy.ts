import type { CheckInput, CheckResult } from './types';
import { notVerifiable, verified } from './types';
import { distinctWords, percent } from './text';

/** Relevancy: the share of the prompt's distinct keywords that the answer takes up (higher is better). */
export function checkRelevancy({ prompt, answer }: CheckInput): CheckResult {
  const keywords = distinctWords(prompt);
  if (!keywords.size) return notVerifiable('the prompt has no keywords to compare with');
  const answerWords = distinctWords(answer);
  const shared = [...keywords].filter((word) => answerWords.has(word));
  return verified(percent(shared.length, keywords.size), `the answer takes up ${shared.length} of ${keywords.size} prompt keywords`);
}
