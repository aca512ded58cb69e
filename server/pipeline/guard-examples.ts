// The organization's own attack examples (red teaming's "Add as guard example", table guard_examples): the prompt guard
// and the policies' prompt_injection rules also match a prompt against them. Word-triple shingles after a light
// normalisation (NFKC, lower case, zero-width characters dropped, punctuation as spaces); a prompt matches an example
// when it contains at least EXAMPLE_MATCH_CONTAINMENT of the example's shingles. Linear in the prompt's length; the
// examples' shingles are computed once per text and kept.
import { ATTACK_THRESHOLD, detectPromptAttack } from './detection';
import type { PromptAttackResult, TextSource } from './detection';

/** Share of an example's word triples a prompt must contain to match it. */
export const EXAMPLE_MATCH_CONTAINMENT = 0.6;
const SHINGLE_WORDS = 3;
const MAX_CACHED = 5000;
const shingleCache = new Map<string, Set<string>>();

export function normalizeForExamples(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200b-\u200f\u2060\ufeff\u00ad]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function shinglesOf(text: string): Set<string> {
  const words = normalizeForExamples(text);
  const shingles = new Set<string>();
  if (words.length < SHINGLE_WORDS) {
    if (words.length) shingles.add(words.join(' '));
    return shingles;
  }
  for (let index = 0; index + SHINGLE_WORDS <= words.length; index++) shingles.add(words.slice(index, index + SHINGLE_WORDS).join(' '));
  return shingles;
}

function exampleShingles(text: string): Set<string> {
  let shingles = shingleCache.get(text);
  if (!shingles) {
    shingles = shinglesOf(text);
    if (shingleCache.size >= MAX_CACHED) shingleCache.clear();
    shingleCache.set(text, shingles);
  }
  return shingles;
}

/** The best example match of a prompt: the share of that example's shingles the prompt contains (0 when none). */
export function bestExampleMatch(prompt: string, examples: readonly string[]): { containment: number; index: number } {
  if (!examples.length) return { containment: 0, index: -1 };
  const words = shinglesOf(prompt);
  let best = { containment: 0, index: -1 };
  examples.forEach((example, index) => {
    const shingles = exampleShingles(example);
    if (!shingles.size) return;
    let shared = 0;
    for (const shingle of shingles) if (words.has(shingle)) shared++;
    const containment = shared / shingles.size;
    if (containment > best.containment) best = { containment, index };
  });
  return best;
}

/** The guard's verdict with the organization's examples: a match makes the prompt malicious (score ≥ the threshold). */
export function withExamples(base: PromptAttackResult, prompt: string, examples: readonly string[]): PromptAttackResult {
  const match = bestExampleMatch(prompt, examples);
  if (match.containment < EXAMPLE_MATCH_CONTAINMENT) return base;
  const score = Math.max(base.score, ATTACK_THRESHOLD + (1 - ATTACK_THRESHOLD) * match.containment);
  const reason = `matches an organization attack example (${Math.round(match.containment * 100)}% of its word triples)`;
  return { malicious: true, score: Math.min(1, score), reasons: [...base.reasons, reason] };
}

/** The policy engine's guard detector when it differs from the default one: examples to match, or untrusted data. */
export function guardOverride(examples: readonly string[], source: TextSource): { promptAttack: (text: string) => PromptAttackResult } | undefined {
  return examples.length || source !== 'prompt' ? { promptAttack: promptAttackWithExamples(examples, source) } : undefined;
}

/** The guard detector for the policy engine and the prompt guard stage, with the organization's examples. */
export function promptAttackWithExamples(examples: readonly string[], source: TextSource = 'prompt'): (text: string) => PromptAttackResult {
  if (!examples.length) return (text) => detectPromptAttack(text, undefined, source);
  return (text) => withExamples(detectPromptAttack(text, undefined, source), text, examples);
}
