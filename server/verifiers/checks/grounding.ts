import type { MetricIntensity } from '../../../domain/schemas/verifiers';
import type { CheckInput, CheckResult } from './types';
import { notVerifiable, verified } from './types';
import { contentWords, percent, sentences } from './text';

// Grounding: how much of the answer the retrieved context supports, by word overlap. A sentence with at least
// MIN_CLAIM_WORDS content words is a claim; it is supported when at least SUPPORT_RATIO of its distinct content
// words occur in the context. Without context nothing can be checked, so the metric is not verifiable.

export const MIN_CLAIM_WORDS = 3;
export const SUPPORT_RATIO: Record<MetricIntensity, number> = { Low: 0.3, Medium: 0.5, High: 0.7 };

export interface ClaimSupport {
  sentence: string;
  /** Share of the sentence's distinct content words found in the context, 0..1. */
  overlap: number;
  supported: boolean;
}

export interface Grounding {
  claims: ClaimSupport[];
  /** Distinct content words of the claims, and how many of them the context holds. */
  claimWords: number;
  wordsInContext: number;
}

/** The claims of the answer and their support, or why there is nothing to measure. */
export function analyseGrounding(answer: string, context: readonly string[], intensity: MetricIntensity): Grounding | 'no-context' | 'no-claims' {
  const contextWords = new Set(context.flatMap((chunk) => contentWords(chunk)));
  if (!contextWords.size) return 'no-context';
  const claims: ClaimSupport[] = [];
  const allClaimWords = new Set<string>();
  for (const sentence of sentences(answer)) {
    const words = new Set(contentWords(sentence));
    if (words.size < MIN_CLAIM_WORDS) continue;
    const found = [...words].filter((word) => contextWords.has(word)).length;
    const overlap = found / words.size;
    claims.push({ sentence, overlap, supported: overlap >= SUPPORT_RATIO[intensity] });
    for (const word of words) allClaimWords.add(word);
  }
  if (!claims.length) return 'no-claims';
  return { claims, claimWords: allClaimWords.size, wordsInContext: [...allClaimWords].filter((word) => contextWords.has(word)).length };
}

function withGrounding(input: CheckInput, measure: (grounding: Grounding) => CheckResult): CheckResult {
  const grounding = analyseGrounding(input.answer, input.context, input.intensity);
  if (grounding === 'no-context') return notVerifiable('no retrieved context to check the answer against');
  if (grounding === 'no-claims') return notVerifiable(`the answer has no sentence of ${MIN_CLAIM_WORDS} or more content words to check`);
  return measure(grounding);
}

const supportedCount = (grounding: Grounding) => grounding.claims.filter((claim) => claim.supported).length;

/** Factuality: the share of claim sentences the context supports (higher is better). */
export function checkFactuality(input: CheckInput): CheckResult {
  return withGrounding(input, (grounding) => {
    const supported = supportedCount(grounding);
    return verified(percent(supported, grounding.claims.length), `${supported} of ${grounding.claims.length} sentences supported by the retrieved context`);
  });
}

/** Hallucination: the share of claim sentences the context does not support (lower is better). */
export function checkHallucination(input: CheckInput): CheckResult {
  return withGrounding(input, (grounding) => {
    const unsupported = grounding.claims.length - supportedCount(grounding);
    return verified(percent(unsupported, grounding.claims.length), `${unsupported} of ${grounding.claims.length} sentences not supported by the retrieved context`);
  });
}

/** Accuracy: the share of the answer's distinct claim words that occur in the context (higher is better). */
export function checkAccuracy(input: CheckInput): CheckResult {
  return withGrounding(input, (grounding) =>
    verified(percent(grounding.wordsInContext, grounding.claimWords), `${grounding.wordsInContext} of ${grounding.claimWords} distinct answer words occur in the retrieved context`),
  );
}

/** Response accuracy: the mean word overlap of the claim sentences with the context (higher is better). */
export function checkResponseAccuracy(input: CheckInput): CheckResult {
  return withGrounding(input, (grounding) => {
    const mean = grounding.claims.reduce((sum, claim) => sum + claim.overlap, 0) / grounding.claims.length;
    return verified(Math.round(mean * 100), `mean overlap of ${grounding.claims.length} sentences with the retrieved context`);
  });
}
