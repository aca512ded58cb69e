/** Chart colours: one per prompt kind and per status, readable on white. */
export const KIND_COLORS = {
  prompts: '#3478F6',
  maliciousPrompts: '#D32F2F',
  blockedPrompts: '#F57C00',
  anonymizedPrompts: '#7B1FA2',
  redactedPrompts: '#00897B',
} as const;
export const STATUS_COLORS = { ok: '#2E7D32', skip: '#9E9E9E', fail: '#D32F2F' } as const;
export const SERIES_COLOR = '#3478F6';
