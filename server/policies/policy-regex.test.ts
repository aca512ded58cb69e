import { describe, expect, it } from 'vitest';
import { patternProblem, PolicyRuleSchema } from '../../domain';

describe('custom pattern safety', () => {
  const safe = [
    'EMP-\\d{6}',
    '\\b\\d{3}-\\d{2}-\\d{4}\\b',
    '(?:\\d{1,3}\\.){3}\\d{1,3}',
    '[A-Z]{2}\\d{2}[A-Z0-9]{10,30}',
    '(?<year>\\d{4})-(?<month>\\d{2})',
    '(?<=ID:)\\s*\\w+',
    '\\p{Lu}\\p{Ll}+',
    '(?:ab|cd)+',
    '(?:\\w|-)+@example\\.com',
    'project [a-z]+',
  ];
  const unsafe = ['(a+)+', '(a*)*b', '(x+x+)+y', '^(\\w+\\s?)*$', '(a|a)*', '(?:\\w|\\d)+!', '(a{1,10}){1,10}', '((ab)*c)+', '(.*a){12}', '(a*){10}'];

  for (const pattern of safe) it(`accepts ${pattern}`, () => expect(patternProblem(pattern)).toBeNull());
  for (const pattern of unsafe) it(`refuses ${pattern}`, () => expect(patternProblem(pattern)).toBe('unsafe'));

  it('refuses invalid, empty-matching, empty and overlong patterns', () => {
    expect(patternProblem('(abc')).toBe('invalid');
    expect(patternProblem('a{2,1}')).toBe('invalid');
    expect(patternProblem('x*')).toBe('matches_empty');
    expect(patternProblem('')).toBe('empty');
    expect(patternProblem('a'.repeat(301))).toBe('too_long');
    expect(patternProblem('a'.repeat(300))).toBeNull();
  });

  it('answers a field message on the rule', () => {
    const result = PolicyRuleSchema.safeParse({ Kind: 'regex', Action: 'redact', Pattern: '(a+)+' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['Pattern', 'Pattern could take exponential time (nested or overlapping repetition such as (a+)+); simplify it'],
    ]);
  });
});
