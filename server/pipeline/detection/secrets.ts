import { contextAround, entity } from './candidates';
import type { DetectedEntity } from './types';

export const SECRET_TYPES = [
  'API_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GOOGLE_API_KEY',
  'STRIPE_KEY',
  'AWS_ACCESS_KEY',
  'AWS_SECRET_KEY',
  'GITHUB_TOKEN',
  'SLACK_TOKEN',
  'JWT',
  'PRIVATE_KEY',
  'PASSWORD',
] as const;

export type SecretType = (typeof SECRET_TYPES)[number];

interface SecretPattern {
  type: SecretType;
  pattern: RegExp;
  score: number;
  /** Capture group holding the secret when the match includes its label. */
  group?: number;
  accept?: (value: string, text: string, start: number, end: number) => boolean;
}

const PATTERNS: readonly SecretPattern[] = [
  { type: 'PRIVATE_KEY', score: 1, pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g },
  { type: 'ANTHROPIC_API_KEY', score: 1, pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  { type: 'OPENAI_API_KEY', score: 0.95, pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}/g, accept: mixesLettersAndDigits },
  { type: 'AWS_ACCESS_KEY', score: 1, pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b/g },
  {
    type: 'AWS_SECRET_KEY', score: 0.9, pattern: /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    accept: (value, text, start, end) => mixesLettersAndDigits(value) && contextAround(text, start, end, /aws|secret|amazon/i, 60),
  },
  { type: 'GITHUB_TOKEN', score: 1, pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { type: 'SLACK_TOKEN', score: 1, pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}|https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]{20,}/g },
  { type: 'GOOGLE_API_KEY', score: 1, pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { type: 'STRIPE_KEY', score: 1, pattern: /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}\b/g },
  { type: 'JWT', score: 0.95, pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { type: 'PASSWORD', score: 0.85, group: 1, pattern: /\b[a-z][a-z0-9+.-]{1,15}:\/\/[^\s:/@]+:([^\s@/]{3,})@/gi },
  {
    type: 'PASSWORD', score: 0.8, group: 1, accept: plausiblePassword,
    pattern: /\b(?:password|passwd|pwd|passphrase|pass|db_pass(?:word)?|[a-z_]*_password)\b["']?\s*(?:[:=]|=>|\bis\b:?)\s*["'`]?([^\s"'`,;]{4,128})/gi,
  },
  {
    type: 'API_KEY', score: 0.75, group: 1, accept: (value) => entropy(value) >= 3.3 && mixesLettersAndDigits(value),
    pattern: /\b(?:api[_-]?key|apikey|secret(?:[_-]?key)?|token|access[_-]?key|auth[_-]?token|client[_-]?secret|bearer|x-api-key)\b["']?\s*(?:[:=]|=>|\bis\b:?|\s)\s*["'`]?([A-Za-z0-9_\-+/=.]{16,256})/gi,
  },
];

/** API keys, tokens, private keys and passwords, non-overlapping and sorted by start. */
export function detectSecrets(text: string): DetectedEntity[] {
  const found: DetectedEntity[] = [];
  for (const { type, pattern, score, group, accept } of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const value = group === undefined ? m[0] : m[group];
      if (!value) continue;
      const start = group === undefined ? m.index : m.index + m[0].lastIndexOf(value);
      const end = start + value.length;
      if (accept && !accept(value, text, start, end)) continue;
      if (found.some((f) => start < f.end && f.start < end)) continue;
      found.push(entity(text, type, start, end, score));
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function mixesLettersAndDigits(value: string): boolean {
  return /\d/.test(value) && /[A-Za-z]/.test(value);
}

const NOT_PASSWORDS = /^(?:required|incorrect|invalid|wrong|reset|changed|expired|forgotten|protected|field|hidden|null|none|empty|undefined|string|true|false|correct|strong|weak|secure|missing|\*+|x+)$/i;

function plausiblePassword(value: string): boolean {
  return !NOT_PASSWORDS.test(value) && (/[\d\W_]/.test(value) || value.length >= 8);
}

/** Shannon entropy in bits per character. */
export function entropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}
