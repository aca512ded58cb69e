import type { LLM_QUALITY_FIELDS } from '../../../../domain';

export type QualityField = (typeof LLM_QUALITY_FIELDS)[number];
export const QUALITY_LABELS: Record<QualityField, string> = {
  llmAccuracy: 'Accuracy',
  llmHallucination: 'Hallucination',
  llmToxicity: 'Toxicity',
  llmBias: 'Bias',
};

/**
 * The value a time bucket shows for a quality metric. §2.8 read literally: "Accuracy buckets with zero count show
 * 100" — a bucket without verified answers has nothing inaccurate in it. The other metrics show 0 there.
 */
export function qualityBucketValue(field: QualityField, stats: { count: number; mean: number }): number {
  if (stats.count === 0) return field === 'llmAccuracy' ? 100 : 0;
  return Number(stats.mean.toFixed(1));
}
