import { describe, expect, test } from 'vitest';
import { attributeId, DEFAULT_RISK_SETTINGS } from '../../../domain';
import type { LanguageModel } from '../../../domain';
import type { ResolvedIDs, RiskItem } from '../../../domain/schemas/metrics-types';
import { buildLanguageModel } from '../../../mocks/aiConfigBuilders';
import { buildRiskItem } from '../../../mocks/metricsBuilders';
import { userActivityRows } from './activity/userActivityRows';
import { entityLabel, idsToResolve } from './names/entityLabels';
import { checkDraft, toDraft } from './risk/riskSettingsDraft';
import { bucketTitle, formatWindow, metricsWindow } from './scope/metricsWindow';
import { formatSeconds } from './widgets/labels';
import { qualityBucketValue } from './widgets/quality';

const resolved: ResolvedIDs = {
  users: [{ id: 'u1', email: 'uma@example.com', firstName: 'Uma', lastName: 'User', fullName: 'Uma User' }, { id: 'u2', email: 'x@example.com', firstName: '', lastName: '', fullName: ' ' }],
  copilots: [{ id: 'a1', name: 'Helpdesk', description: '' }],
  policies: [{ id: 'p1', name: 'Default', description: '' }],
  badUserIDs: ['u9'],
  badCopilotIDs: ['a9'],
  badPolicyIDs: ['p9'],
};
const models: LanguageModel[] = [buildLanguageModel()];

describe('entity labels (§2.8)', () => {
  test.each([
    ['Users', 'u1', 'Uma User'],
    ['Users', 'u2', 'x@example.com'],
    ['Users', 'u9', 'Deleted User'],
    ['Users', 'u5', 'Unknown User'],
    ['Users', '', 'Unknown User'],
    ['Copilots', 'a1', 'Helpdesk'],
    ['Copilots', 'a9', 'Deleted App'],
    ['Copilots', 'a5', 'Unknown App'],
    ['Policies', 'p1', 'Default'],
    ['Policies', 'p9', 'Deleted Policy'],
    ['Policies', 'p5', 'Unknown Policy'],
    ['Attributes', String(attributeId('PERSON')), 'PERSON'],
    ['Attributes', '0', 'Unknown Attribute'],
    ['Attributes', '9999', 'Unknown Attribute'],
    ['Attributes', 'PERSON', 'Unknown Attribute'],
    ['LLMs', '1', 'Offline demo model'],
    ['LLMs', '5', 'Deleted Language Model'],
    ['LLMs', 'gpt', 'Unknown Language Model'],
    ['LLMModels', 'gpt-4o', 'gpt-4o'],
    ['LLMModels', '', 'Unknown Language Model'],
  ] as const)('%s %j reads %s', (dimension, id, label) => {
    expect(entityLabel(dimension, id, { resolved, languageModels: models })).toBe(label);
  });

  test('before names are known the id shows, not a wrong "Unknown"; models that cannot be listed show their id', () => {
    expect(entityLabel('Users', 'u1', { resolved: undefined, languageModels: models })).toBe('u1');
    expect(entityLabel('LLMs', '3', { resolved, languageModels: undefined })).toBe('Language model 3');
  });

  test('one ResolveIDs call gathers the distinct ids per kind', () => {
    expect(idsToResolve([{ dimension: 'Users', ids: ['b', 'a', 'b', ''] }, { dimension: 'Users', ids: ['c'] }, { dimension: 'Policies', ids: ['p'] }, { dimension: 'LLMs', ids: ['1'] }])).toEqual({
      userIDs: ['a', 'b', 'c'],
      copilotIDs: [],
      policyIDs: ['p'],
    });
  });
});

describe('windows (§2.8, §9)', () => {
  const now = new Date(2026, 2, 18, 15, 42); // Wednesday, March 18, 2026 15:42 local time
  test.each([
    ['TODAY', new Date(2026, 2, 18), 'PT1H'],
    ['LAST_24_HOURS', new Date(2026, 2, 17, 16), 'PT1H'],
    ['THIS_WEEK', new Date(2026, 2, 16), 'PT6H'],
    ['LAST_7_DAYS', new Date(2026, 2, 12), 'PT6H'],
    ['THIS_MONTH', new Date(2026, 2, 1), 'P1D'],
    ['LAST_30_DAYS', new Date(2026, 1, 17), 'P1D'],
    ['LAST_60_DAYS', new Date(2026, 0, 18), 'P2D'],
    ['LAST_90_DAYS', new Date(2025, 11, 19), 'P3D'],
  ] as const)('%s starts %s with %s buckets and ends now', (range, start, interval) => {
    const window = metricsWindow(range, now);
    expect(window.start).toEqual(start);
    expect(window.end).toEqual(now);
    expect(window.interval).toBe(interval);
  });

  test('dates read "MMMM d, yyyy"', () => {
    expect(formatWindow(metricsWindow('LAST_7_DAYS', now))).toBe('March 12, 2026 – March 18, 2026');
    expect(formatWindow(metricsWindow('TODAY', now))).toBe('March 18, 2026');
    expect(bucketTitle({ start: new Date(2026, 2, 3, 6).toISOString(), interval: 'PT6H' })).toBe('March 3, 2026 06:00');
    expect(bucketTitle({ start: new Date(2026, 2, 3).toISOString(), interval: 'P1D' })).toBe('March 3, 2026');
  });
});

describe('figures', () => {
  test('latency in seconds is the milliseconds divided by 1000', () => {
    expect(formatSeconds(1500)).toBe('1.5 s');
    expect(formatSeconds(3)).toBe('0.003 s');
    expect(formatSeconds(0)).toBe('0 s');
  });

  test('an accuracy bucket with zero count shows 100, other metrics 0; counted buckets show their mean', () => {
    expect(qualityBucketValue('llmAccuracy', { count: 0, mean: 0 })).toBe(100);
    expect(qualityBucketValue('llmHallucination', { count: 0, mean: 0 })).toBe(0);
    expect(qualityBucketValue('llmAccuracy', { count: 3, mean: 0 })).toBe(0);
    expect(qualityBucketValue('llmBias', { count: 2, mean: 41.26 })).toBe(41.3);
  });

  test('user activity rows join the top lists by user', () => {
    const rows = userActivityRows({
      topUsers: [{ id: 'u1', count: 10 }, { id: 'u2', count: 3 }],
      topBlockedUsers: [{ id: 'u2', count: 2 }],
      topMaliciousUsers: [{ id: 'u2', count: 1 }],
      topAnonymizedUsers: [{ id: 'u1', count: 4 }],
      topRedactedUsers: [],
      topRiskUsers: [buildRiskItem('u1', 10, 0.8) as unknown as RiskItem],
    });
    expect(rows).toEqual([
      { id: 'u1', prompts: 10, blocked: 0, malicious: 0, anonymized: 4, redacted: 0, averageTokens: 820, riskLevel: 'HIGH' },
      { id: 'u2', prompts: 3, blocked: 2, malicious: 1, anonymized: 0, redacted: 0, averageTokens: null, riskLevel: null },
    ]);
  });
});

describe('risk settings form values', () => {
  test('the defaults are valid', () => {
    expect(checkDraft(toDraft(DEFAULT_RISK_SETTINGS))).toEqual({ settings: DEFAULT_RISK_SETTINGS, errors: {} });
  });

  test('each bad field gets its message from RiskSettingsSchema', () => {
    const draft = toDraft(DEFAULT_RISK_SETTINGS);
    draft.tokens.valueLo = '';
    draft.llmBias.valueHi = '10';
    draft.maliciousPrompts.scoreHi = '2';
    draft.redactedPrompts.scoreHi = '0';
    draft.llmToxicity.valueLo = 'abc';
    const { settings, errors } = checkDraft(draft);
    expect(settings).toBeUndefined();
    expect(errors).toEqual({
      'tokens.valueLo': 'Value low must be a number',
      'llmBias.valueHi': 'Value high must be greater than value low',
      'maliciousPrompts.scoreHi': 'Scores are between 0 and 1',
      'redactedPrompts.scoreHi': 'Score low and high must differ',
      'llmToxicity.valueLo': 'Value low must be a number',
    });
  });
});
