// Risk rules of §4 and defaults of §9.
export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' };

export interface RiskRange {
  valueLo: number;
  valueHi: number;
  scoreLo: number;
  scoreHi: number;
}

/** Level of one factor. When scoreLo > scoreHi a higher value is better. */
export function factorRiskLevel(value: number, range: RiskRange): RiskLevel {
  if (range.scoreLo > range.scoreHi) {
    if (value <= range.valueLo) return 'HIGH';
    if (value >= range.valueHi) return 'LOW';
    return 'MEDIUM';
  }
  if (value >= range.valueHi) return 'HIGH';
  if (value <= range.valueLo) return 'LOW';
  return 'MEDIUM';
}

/** Generic score band: High at 0.67 or more, Medium above 0.33, else Low. */
export function scoreRiskLevel(score: number): RiskLevel {
  if (score >= 0.67) return 'HIGH';
  if (score > 0.33) return 'MEDIUM';
  return 'LOW';
}

export const RISK_FACTORS = [
  'llmAccuracy',
  'llmHallucination',
  'llmToxicity',
  'llmBias',
  'tokens',
  'policySkips',
  'maliciousPrompts',
  'blockedPrompts',
  'anonymizedPrompts',
  'redactedPrompts',
] as const;
export type RiskFactor = (typeof RISK_FACTORS)[number];

export interface RiskFactorSetting extends RiskRange {
  enabled: boolean;
}

const ratio: RiskFactorSetting = { enabled: true, valueLo: 0.3, valueHi: 0.7, scoreLo: 0, scoreHi: 1 };
const quality: RiskFactorSetting = { enabled: true, valueLo: 30, valueHi: 70, scoreLo: 0, scoreHi: 1 };

export const DEFAULT_RISK_FACTOR_SETTINGS: Record<RiskFactor, RiskFactorSetting> = {
  llmAccuracy: { enabled: true, valueLo: 30, valueHi: 70, scoreLo: 1, scoreHi: 0 },
  llmHallucination: quality,
  llmToxicity: quality,
  llmBias: quality,
  tokens: { enabled: true, valueLo: 100, valueHi: 1000, scoreLo: 0, scoreHi: 1 },
  policySkips: ratio,
  maliciousPrompts: ratio,
  blockedPrompts: ratio,
  anonymizedPrompts: ratio,
  redactedPrompts: ratio,
};
