import type { MetricIntensity } from '../../../domain/schemas/verifiers';

/** A built-in check's answer: a natural-reading value 0..100, or why nothing could be measured. */
export type CheckResult =
  | { state: 'verified'; value: number; detail: string }
  | { state: 'not_verifiable'; value: null; detail: string };

export interface CheckInput {
  prompt: string;
  answer: string;
  /** The retrieved context chunks the answer was written from. */
  context: readonly string[];
  intensity: MetricIntensity;
}

export const HEURISTIC = 'built-in heuristic';

export const notVerifiable = (reason: string): CheckResult => ({ state: 'not_verifiable', value: null, detail: `${HEURISTIC}: ${reason}` });
export const verified = (value: number, detail: string): CheckResult => ({ state: 'verified', value: Math.max(0, Math.min(100, value)), detail: `${HEURISTIC}: ${detail}` });
