// §4 risk scoring of one leaderboard item: each factor's value becomes a score by linear interpolation from
// (valueLo, scoreLo) to (valueHi, scoreHi), clamped; the final score is the mean of the enabled factors with data.
import type { RiskFactor, RiskFactorSetting } from '../../domain/risk';
import { RISK_FACTORS } from '../../domain/risk';
import type { RiskSettings } from '../../domain/schemas/metrics';
import type { Risk, RiskFactorScore } from '../../domain/schemas/metrics-types';
import type { Dist, ItemAggregate } from './aggregate';
import { countAtMost } from './aggregate';
import { QUALITY_METRICS, QUALITY_SCALE } from './facts';


/** Linear from (valueLo, scoreLo) to (valueHi, scoreHi), clamped to the score range. */
export function interpolateScore(value: number, setting: RiskFactorSetting): number {
  const span = setting.valueHi - setting.valueLo;
  const t = span === 0 ? (value >= setting.valueHi ? 1 : 0) : (value - setting.valueLo) / span;
  const score = setting.scoreLo + t * (setting.scoreHi - setting.scoreLo);
  const low = Math.min(setting.scoreLo, setting.scoreHi);
  const high = Math.max(setting.scoreLo, setting.scoreHi);
  return Math.min(high, Math.max(low, score));
}

/** Whether a single measured value is at or beyond the factor's high-risk edge (§4 direction rule). */
export function isHit(value: number, setting: RiskFactorSetting): boolean {
  return setting.scoreLo > setting.scoreHi ? value <= setting.valueLo : value >= setting.valueHi;
}

interface Measured {
  value: number;
  /** Counted only when read: a leaderboard ranks every item but shows hits for its top N. */
  hits: () => number;
  count: number;
}

function fromDist(dist: Dist, setting: RiskFactorSetting, scale: number): Measured {
  if (!dist.n) return { value: 0, hits: () => 0, count: 0 };
  // Stored values are integers (value × scale): "≤ valueLo" and "≥ valueHi" become counts at or below an integer.
  const hits = () => (setting.scoreLo > setting.scoreHi ? countAtMost(dist, Math.floor(setting.valueLo * scale)) : dist.n - countAtMost(dist, Math.ceil(setting.valueHi * scale) - 1));
  return { value: dist.sum / dist.n / scale, hits, count: dist.n };
}

/** A ratio factor: each prompt measures 1 (it has the property) or 0. */
function fromRatio(flagged: number, prompts: number, setting: RiskFactorSetting): Measured {
  if (!prompts) return { value: 0, hits: () => 0, count: 0 };
  const hits = (isHit(1, setting) ? flagged : 0) + (isHit(0, setting) ? prompts - flagged : 0);
  return { value: flagged / prompts, hits: () => hits, count: prompts };
}

function measure(factor: RiskFactor, item: ItemAggregate, setting: RiskFactorSetting): Measured {
  switch (factor) {
    case 'llmAccuracy':
      return fromDist(item.quality[QUALITY_METRICS.indexOf('accuracy')]!, setting, QUALITY_SCALE);
    case 'llmHallucination':
      return fromDist(item.quality[QUALITY_METRICS.indexOf('hallucination')]!, setting, QUALITY_SCALE);
    case 'llmToxicity':
      return fromDist(item.quality[QUALITY_METRICS.indexOf('toxicity')]!, setting, QUALITY_SCALE);
    case 'llmBias':
      return fromDist(item.quality[QUALITY_METRICS.indexOf('bias')]!, setting, QUALITY_SCALE);
    case 'tokens':
      return fromDist(item.totalTokens, setting, 1);
    case 'policySkips':
      return fromRatio(item.policySkips, item.prompts, setting);
    case 'maliciousPrompts':
      return fromRatio(item.malicious, item.prompts, setting);
    case 'blockedPrompts':
      return fromRatio(item.blocked, item.prompts, setting);
    case 'anonymizedPrompts':
      return fromRatio(item.anonymized, item.prompts, setting);
    case 'redactedPrompts':
      return fromRatio(item.redacted, item.prompts, setting);
  }
}

export function scoreItem(item: ItemAggregate, settings: RiskSettings): Risk {
  const factors = {} as Record<RiskFactor, RiskFactorScore>;
  const counted: number[] = [];
  for (const factor of RISK_FACTORS) {
    const setting = settings[factor];
    const measured = measure(factor, item, setting);
    const score = measured.count ? interpolateScore(measured.value, setting) : 0;
    if (setting.enabled && measured.count) counted.push(score);
    let hits: number | undefined;
    const hitsOf = () => (hits ??= measured.hits());
    factors[factor] = {
      enabled: setting.enabled,
      value: measured.value,
      get hits() {
        return hitsOf();
      },
      get misses() {
        return measured.count - hitsOf();
      },
      count: measured.count,
      score,
      valueLo: setting.valueLo,
      valueHi: setting.valueHi,
      scoreLo: setting.scoreLo,
      scoreHi: setting.scoreHi,
    };
  }
  const finalRiskScore = counted.length ? counted.reduce((sum, score) => sum + score, 0) / counted.length : 0;
  return { finalRiskScore, ...factors };
}
