// The risk settings form holds text (what the admin typed); this turns it into settings and per-field messages with
// RiskSettingsSchema, the same schema the server validates with.
import { RISK_FACTORS, RiskSettingsSchema } from '../../../../domain';
import type { RiskFactor, RiskSettings } from '../../../../domain';

export const RANGE_FIELDS = ['valueLo', 'valueHi', 'scoreLo', 'scoreHi'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];
export type FactorDraft = { enabled: boolean } & Record<RangeField, string>;
export type RiskSettingsDraft = Record<RiskFactor, FactorDraft>;

export function toDraft(settings: RiskSettings): RiskSettingsDraft {
  return Object.fromEntries(
    RISK_FACTORS.map((factor) => {
      const setting = settings[factor];
      return [factor, { enabled: setting.enabled, valueLo: String(setting.valueLo), valueHi: String(setting.valueHi), scoreLo: String(setting.scoreLo), scoreHi: String(setting.scoreHi) }];
    }),
  ) as RiskSettingsDraft;
}

/** Text to number; blank or not a number becomes NaN, which the schema reports as "… must be a number". */
const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

export interface DraftCheck {
  settings: RiskSettings | undefined;
  /** "llmAccuracy.valueHi" → message */
  errors: Record<string, string>;
}

export function checkDraft(draft: RiskSettingsDraft): DraftCheck {
  const candidate = Object.fromEntries(
    RISK_FACTORS.map((factor) => {
      const row = draft[factor];
      return [factor, { enabled: row.enabled, valueLo: toNumber(row.valueLo), valueHi: toNumber(row.valueHi), scoreLo: toNumber(row.scoreLo), scoreHi: toNumber(row.scoreHi) }];
    }),
  );
  const parsed = RiskSettingsSchema.safeParse(candidate);
  if (parsed.success) return { settings: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return { settings: undefined, errors };
}
