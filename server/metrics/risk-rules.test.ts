import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_FACTOR_SETTINGS, factorRiskLevel, scoreRiskLevel } from '../../domain/risk';
import type { RiskLevel, RiskRange } from '../../domain/risk';
import { DEFAULT_RISK_SETTINGS } from '../../domain/schemas/metrics';
import { addValue, emptyItem } from './aggregate';
import { QUALITY_SCALE } from './facts';
import { interpolateScore, isHit, scoreItem } from './risk-scoring';

// §4: when scoreLo > scoreHi a higher value is better (at or below valueLo High, at or above valueHi Low);
// otherwise at or above valueHi High, at or below valueLo Low; Medium between. Generic score: High at 0.67 or more,
// Medium above 0.33, else Low.

const accuracy: RiskRange = DEFAULT_RISK_FACTOR_SETTINGS.llmAccuracy;
const toxicity: RiskRange = DEFAULT_RISK_FACTOR_SETTINGS.llmToxicity;
const ratio: RiskRange = DEFAULT_RISK_FACTOR_SETTINGS.maliciousPrompts;

describe('factor risk level (§4)', () => {
  it.each<[string, RiskRange, number, RiskLevel]>([
    ['accuracy (higher is better) at 0', accuracy, 0, 'HIGH'],
    ['accuracy at valueLo 30', accuracy, 30, 'HIGH'],
    ['accuracy just above valueLo', accuracy, 30.01, 'MEDIUM'],
    ['accuracy just below valueHi', accuracy, 69.99, 'MEDIUM'],
    ['accuracy at valueHi 70', accuracy, 70, 'LOW'],
    ['accuracy at 100', accuracy, 100, 'LOW'],
    ['toxicity at 0', toxicity, 0, 'LOW'],
    ['toxicity at valueLo 30', toxicity, 30, 'LOW'],
    ['toxicity at 50', toxicity, 50, 'MEDIUM'],
    ['toxicity at valueHi 70', toxicity, 70, 'HIGH'],
    ['toxicity at 95', toxicity, 95, 'HIGH'],
    ['ratio 0.3', ratio, 0.3, 'LOW'],
    ['ratio 0.5', ratio, 0.5, 'MEDIUM'],
    ['ratio 0.7', ratio, 0.7, 'HIGH'],
    ['tokens 1000', DEFAULT_RISK_FACTOR_SETTINGS.tokens, 1000, 'HIGH'],
    ['tokens 99', DEFAULT_RISK_FACTOR_SETTINGS.tokens, 99, 'LOW'],
  ])('%s → %s', (_name, range, value, level) => {
    expect(factorRiskLevel(value, range)).toBe(level);
  });
});

describe('generic score band (§4)', () => {
  it.each<[number, RiskLevel]>([
    [0, 'LOW'],
    [0.33, 'LOW'],
    [0.3301, 'MEDIUM'],
    [0.5, 'MEDIUM'],
    [0.6699, 'MEDIUM'],
    [0.67, 'HIGH'],
    [1, 'HIGH'],
  ])('%s → %s', (score, level) => {
    expect(scoreRiskLevel(score)).toBe(level);
  });
});

describe('factor score: linear from (valueLo, scoreLo) to (valueHi, scoreHi), clamped', () => {
  it.each<[string, RiskRange, number, number]>([
    ['toxicity below valueLo', toxicity, 10, 0],
    ['toxicity at valueLo', toxicity, 30, 0],
    ['toxicity halfway', toxicity, 50, 0.5],
    ['toxicity at valueHi', toxicity, 70, 1],
    ['toxicity above valueHi', toxicity, 90, 1],
    ['accuracy at valueLo (bad)', accuracy, 30, 1],
    ['accuracy a quarter of the way', accuracy, 40, 0.75],
    ['accuracy at valueHi (good)', accuracy, 70, 0],
    ['accuracy at 100', accuracy, 100, 0],
    ['a narrower score range', { valueLo: 0, valueHi: 10, scoreLo: 0.2, scoreHi: 0.6 }, 5, 0.4],
  ])('%s', (_name, range, value, score) => {
    expect(interpolateScore(value, { ...range, enabled: true })).toBeCloseTo(score, 12);
  });

  it('a hit is a value at or beyond the high-risk edge, in the factor’s direction', () => {
    expect(isHit(30, { ...accuracy, enabled: true })).toBe(true);
    expect(isHit(31, { ...accuracy, enabled: true })).toBe(false);
    expect(isHit(70, { ...toxicity, enabled: true })).toBe(true);
    expect(isHit(69.9, { ...toxicity, enabled: true })).toBe(false);
  });
});

describe('final risk score', () => {
  it('is the mean of the enabled factors that have data; none gives 0', () => {
    const item = emptyItem();
    expect(scoreItem(item, DEFAULT_RISK_SETTINGS).finalRiskScore).toBe(0);
    item.prompts = 4;
    item.malicious = 4;
    item.blocked = 2;
    [50, 50, 50, 50].forEach((tokens) => addValue(item.totalTokens, tokens));
    addValue(item.quality[0]!, 10 * QUALITY_SCALE);
    const scored = scoreItem(item, DEFAULT_RISK_SETTINGS);
    // accuracy 10 → 1; tokens 50 → 0; malicious 1 → 1; blocked 0.5 → 0.5; other ratios 0 → 0 (4 of them);
    // hallucination, toxicity, bias have no data and are left out: (1 + 0 + 1 + 0.5 + 0 × 4) / 7.
    expect(scored.finalRiskScore).toBeCloseTo(2.5 / 7, 12);
    expect(scored.llmHallucination).toMatchObject({ count: 0, score: 0 });
    expect(scored.maliciousPrompts).toMatchObject({ value: 1, hits: 4, misses: 0, count: 4, score: 1 });
    expect(scored.blockedPrompts).toMatchObject({ value: 0.5, hits: 2, misses: 2 });
    const withoutAccuracy = scoreItem(item, { ...DEFAULT_RISK_SETTINGS, llmAccuracy: { ...DEFAULT_RISK_SETTINGS.llmAccuracy, enabled: false } });
    expect(withoutAccuracy.finalRiskScore).toBeCloseTo(1.5 / 6, 12);
    expect(withoutAccuracy.llmAccuracy).toMatchObject({ enabled: false, score: 1 });
  });
});
