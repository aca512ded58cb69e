import { describe, expect, it } from 'vitest';
import type { PolicyType } from '../../../domain/enums';
import type { PolicyAction } from '../../../domain/schemas/policies';
import { POLICY_PRECEDENCE_TEXT } from '../../../domain/schemas/policies';
import { evaluate } from './index';
import { keywords, testPolicy } from './test-policies';

const G: PolicyType = 'Global Policy';
const GR: PolicyType = 'Group Policy';
const LM: PolicyType = 'Language Model Policy';

/** Each policy has one rule acting on the keyword "secret-word"; the table gives the decided action. */
const table: { name: string; rules: [PolicyType, PolicyAction][]; decided: PolicyAction; by: PolicyType; transformed: string }[] = [
  // (1) deny always wins
  { name: 'global block beats a model allow', rules: [[G, 'block'], [LM, 'allow']], decided: 'block', by: G, transformed: 'say secret-word' },
  { name: 'group block beats a model anonymize', rules: [[GR, 'block'], [LM, 'anonymize']], decided: 'block', by: GR, transformed: 'say secret-word' },
  { name: 'global block beats group allow and model allow', rules: [[LM, 'allow'], [GR, 'allow'], [G, 'block']], decided: 'block', by: G, transformed: 'say secret-word' },
  // (2) the most specific scope with a matching rule decides
  { name: 'model allow exempts from global redact', rules: [[G, 'redact'], [LM, 'allow']], decided: 'allow', by: LM, transformed: 'say secret-word' },
  { name: 'group allow exempts from global anonymize', rules: [[G, 'anonymize'], [GR, 'allow']], decided: 'allow', by: GR, transformed: 'say secret-word' },
  { name: 'model flag overrides group anonymize', rules: [[GR, 'anonymize'], [LM, 'flag']], decided: 'flag', by: LM, transformed: 'say secret-word' },
  { name: 'group redact overrides global flag', rules: [[G, 'flag'], [GR, 'redact']], decided: 'redact', by: GR, transformed: 'say <KEYWORD>' },
  { name: 'model allow exempts from group and global flags', rules: [[G, 'anonymize'], [GR, 'flag'], [LM, 'allow']], decided: 'allow', by: LM, transformed: 'say secret-word' },
  { name: 'global alone decides when nothing more specific matches', rules: [[G, 'anonymize']], decided: 'anonymize', by: G, transformed: 'say <KEYWORD_1>' },
  // (3) within the deciding scope the strictest action wins
  { name: 'anonymize beats redact in one scope', rules: [[GR, 'redact'], [GR, 'anonymize']], decided: 'anonymize', by: GR, transformed: 'say <KEYWORD_1>' },
  { name: 'redact beats flag in one scope', rules: [[LM, 'flag'], [LM, 'redact'], [G, 'anonymize']], decided: 'redact', by: LM, transformed: 'say <KEYWORD>' },
  { name: 'flag beats allow in one scope', rules: [[G, 'allow'], [G, 'flag']], decided: 'flag', by: G, transformed: 'say secret-word' },
  { name: 'an allow in the same scope does not exempt', rules: [[G, 'allow'], [G, 'redact']], decided: 'redact', by: G, transformed: 'say <KEYWORD>' },
];

describe('policy precedence', () => {
  for (const row of table) {
    it(`${row.name}: ${row.decided} by the ${row.by}`, () => {
      const policies = row.rules.map(([type, action]) => testPolicy(type, [keywords(action, ['secret-word'])], { name: `${type} ${action}` }));
      const result = evaluate('say secret-word', policies);
      expect(result.findings).toHaveLength(1);
      const finding = result.findings[0]!;
      expect(finding.action).toBe(row.decided);
      expect(finding.decidedBy.policyType).toBe(row.by);
      expect(finding.proposals).toHaveLength(row.rules.length);
      expect(result.transformedPrompt).toBe(row.transformed);
      expect(result.blocked?.policyType ?? null).toBe(row.decided === 'block' ? row.by : null);
    });
  }

  it('explains the decision in words', () => {
    const policies = [
      testPolicy(G, [keywords('anonymize', ['x'])], { name: 'Default protection' }),
      testPolicy(LM, [keywords('allow', ['x']), keywords('flag', ['x'])], { name: 'Model rules' }),
    ];
    expect(evaluate('x', policies).findings[0]!.reason).toBe(
      'Language Model Policy "Model rules" is the most specific scope with a matching rule; the strictest of its actions (allow, flag) is flag; it takes precedence over anonymize from Global Policy "Default protection".',
    );
    const blocked = evaluate('x', [testPolicy(G, [{ ...keywords('block', ['x']), Name: 'No x' }], { name: 'Deny x' }), testPolicy(LM, [keywords('allow', ['x'])])]);
    expect(blocked.findings[0]!.reason).toBe('Blocked by rule "No x" of the Global Policy "Deny x": a block from any applicable policy always wins.');
    expect(blocked.blocked!.message).toBe('Your prompt was blocked by the policy "Deny x" (rule "No x"): the prompt contains the keyword "x".');
  });

  it('names the first blocking policy by priority', () => {
    const late = testPolicy(G, [keywords('block', ['x'])], { name: 'Late', priority: 200 });
    const early = testPolicy(GR, [keywords('block', ['x'])], { name: 'Early', priority: 10 });
    expect(evaluate('x', [late, early]).blocked!.policyName).toBe('Early');
  });

  it('decides each finding on its own', () => {
    const policies = [testPolicy(G, [keywords('anonymize', ['alpha', 'beta'])]), testPolicy(GR, [keywords('allow', ['beta'])])];
    const result = evaluate('alpha and beta', policies);
    expect(result.transformedPrompt).toBe('<KEYWORD_1> and beta');
  });

  it('publishes the precedence in words for the UI', () => {
    expect(POLICY_PRECEDENCE_TEXT).toContain('deny always wins');
    expect(POLICY_PRECEDENCE_TEXT).toContain('Language Model policy over Group policy over Global policy');
    expect(POLICY_PRECEDENCE_TEXT).toContain('anonymize > redact > flag > allow');
  });
});
