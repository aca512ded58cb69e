import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/helpers/build';
import { build } from '../../tests/helpers/build';
import type { Tenant } from '../../tests/helpers/tenants';
import { demoTenant } from '../../tests/helpers/tenants';
import { PERSONAL_DATA_ENTITY_TYPES, POLICY_PRECEDENCE_TEXT } from '../../domain/schemas/policies';
import { DEFAULT_POLICY_NAME } from './policies.seed';
import { insertModel } from './test-models';

const xhr = { 'x-requested-with': 'test' };

describe('policies API', () => {
  let t: TestApp;
  let demo: Tenant;
  let oa: string;
  let user: string;
  let groupId: string;
  let otherGroupId: string;
  let modelId: number;
  let openModelId: number;
  let restrictedModelId: number;

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie, ...xhr }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await build({ env: { JOBS: 'false' } });
    demo = await demoTenant(t);
    oa = await t.login(demo.users.orgAdmin.email);
    user = await t.login(demo.users.user.email);
    groupId = (await call(oa, 'POST', '/api/v1/groups', { Name: 'Analysts', MemberIds: [demo.users.user.id] })).json().id;
    otherGroupId = (await call(oa, 'POST', '/api/v1/groups', { Name: 'Lawyers' })).json().id;
    modelId = await insertModel(t, demo.organizationId, 'Analysts model');
    openModelId = await insertModel(t, demo.organizationId, 'Open model');
    restrictedModelId = await insertModel(t, demo.organizationId, 'Lawyers model');
    await t.db.kysely.insertInto('language_model_groups').values([
      { language_model_id: modelId, group_id: groupId },
      { language_model_id: restrictedModelId, group_id: otherGroupId },
    ]).execute();
  });
  afterAll(() => t.close());

  it('seeds the default Global policy in the demo organization', async () => {
    const list = await call(oa, 'GET', '/api/v1/policies');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('policies 0-0/1');
    const [policy] = list.json();
    expect(policy).toMatchObject({ Name: DEFAULT_POLICY_NAME, Type: 'Global Policy', Enabled: true, Targets: { GroupIds: [], LanguageModelIds: [], AllTargets: true } });
    expect(policy.Rules.map((r: { Kind: string; Action: string }) => [r.Kind, r.Action])).toEqual([['prompt_injection', 'block'], ['secrets', 'redact'], ['entities', 'anonymize'], ['harmful_request', 'block']]);
    expect(policy.Rules[2].EntityTypes).toEqual([...PERSONAL_DATA_ENTITY_TYPES]);
  });

  it('creates, reads, updates and deletes a policy with ordered rules, auditing each change', async () => {
    const body = {
      Name: 'Analysts',
      Description: 'Rules for analysts',
      Type: 'Group Policy',
      Priority: 20,
      Targets: { GroupIds: [groupId], LanguageModelIds: [modelId] },
      Rules: [
        { Kind: 'keywords', Action: 'flag', Keywords: ['falcon'], Topic: 'Code names' },
        { Kind: 'regex', Action: 'redact', Pattern: 'EMP-\\d{6}', Label: 'EMPLOYEE_ID' },
      ],
    };
    const created = await call(oa, 'POST', '/api/v1/policies', body);
    expect(created.statusCode, created.body).toBe(200);
    const policy = created.json();
    expect(policy).toMatchObject({ Name: 'Analysts', Description: 'Rules for analysts', Type: 'Group Policy', Enabled: true, Priority: 20, Targets: { GroupIds: [groupId], LanguageModelIds: [], AllTargets: false } });
    expect(policy.Rules).toEqual([
      { id: expect.any(String), Name: null, Enabled: true, Action: 'flag', Kind: 'keywords', Topic: 'Code names', Keywords: ['falcon'] },
      { id: expect.any(String), Name: null, Enabled: true, Action: 'redact', Kind: 'regex', Pattern: 'EMP-\\d{6}', IgnoreCase: false, Label: 'EMPLOYEE_ID' },
    ]);
    expect((await call(oa, 'GET', `/api/v1/policies/${policy.id}`)).json()).toEqual(policy);

    const reordered = { ...body, Type: 'Language Model Policy', Rules: [{ ...body.Rules[1], id: policy.Rules[1].id }, { ...body.Rules[0], id: policy.Rules[0].id }] };
    const updated = await call(oa, 'PUT', `/api/v1/policies/${policy.id}`, reordered);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().Targets).toEqual({ GroupIds: [], LanguageModelIds: [modelId], AllTargets: false });
    expect(updated.json().Rules.map((r: { id: string }) => r.id)).toEqual([policy.Rules[1].id, policy.Rules[0].id]);

    expect((await call(oa, 'DELETE', `/api/v1/policies/${policy.id}`)).statusCode).toBe(200);
    expect((await call(oa, 'GET', `/api/v1/policies/${policy.id}`)).statusCode).toBe(404);
    const audit = await t.db.kysely.selectFrom('audit_log').select(['action', 'summary']).where('resource', '=', 'policies').where('record_id', '=', policy.id).orderBy('at').execute();
    expect(audit).toEqual([
      { action: 'create', summary: 'Created policy Analysts' },
      { action: 'update', summary: 'Updated policy Analysts' },
      { action: 'delete', summary: 'Deleted policy Analysts' },
    ]);
  });

  it('answers a message per field', async () => {
    const response = await call(oa, 'POST', '/api/v1/policies', {
      Name: '',
      Type: 'Group Policy',
      Priority: 1.5,
      Rules: [
        { Kind: 'entities', Action: 'redact', EntityTypes: [] },
        { Kind: 'regex', Action: 'redact', Pattern: '(a+)+' },
        { Kind: 'prompt_injection', Action: 'anonymize', Threshold: 2 },
        { Kind: 'telepathy', Action: 'block' },
        { Kind: 'keywords', Action: 'shout', Keywords: ['x'] },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      Name: 'Name is required',
      Priority: 'Priority must be a whole number from 0 to 10000',
      'Rules.0.EntityTypes': 'Choose at least one entity type',
      'Rules.1.Pattern': 'Pattern could take exponential time (nested or overlapping repetition such as (a+)+); simplify it',
      'Rules.2.Threshold': 'Threshold must be from 0 to 1',
      'Rules.2.Action': 'A prompt-injection rule can block, flag or allow',
      'Rules.3.Kind': 'Detector must be one of entities, secrets, keywords, regex, prompt_injection, harmful_request',
      'Rules.4.Action': 'Action must be block, redact, anonymize, flag or allow',
    });
  });

  it('asks for targets of the policy type, in the organization', async () => {
    const rules = [{ Kind: 'secrets', Action: 'redact' }];
    const noGroup = await call(oa, 'POST', '/api/v1/policies', { Name: 'G', Type: 'Group Policy', Rules: rules });
    expect(noGroup.json().errors).toEqual({ 'Targets.GroupIds': 'Choose at least one group for a Group Policy' });
    const noModel = await call(oa, 'POST', '/api/v1/policies', { Name: 'M', Type: 'Language Model Policy', Rules: rules });
    expect(noModel.json().errors).toEqual({ 'Targets.LanguageModelIds': 'Choose at least one language model for a Language Model Policy' });
    const foreignGroup = await call(oa, 'POST', '/api/v1/policies', { Name: 'G', Type: 'Group Policy', Targets: { GroupIds: ['nope'] }, Rules: rules });
    expect(foreignGroup.json().errors).toEqual({ 'Targets.GroupIds': 'Choose groups of your organization' });
    const foreignModel = await call(oa, 'POST', '/api/v1/policies', { Name: 'M', Type: 'Language Model Policy', Targets: { LanguageModelIds: [999999] }, Rules: rules });
    expect(foreignModel.json().errors).toEqual({ 'Targets.LanguageModelIds': 'Choose language models of your organization' });
    const noRules = await call(oa, 'POST', '/api/v1/policies', { Name: 'N', Type: 'Global Policy', Rules: [] });
    expect(noRules.json().errors).toEqual({ Rules: 'Add at least one rule' });
    const taken = await call(oa, 'POST', '/api/v1/policies', { Name: DEFAULT_POLICY_NAME, Type: 'Global Policy', Rules: rules });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ Name: 'A policy with this name already exists' });
  });

  it('tests a saved policy on a sample prompt, explaining each rule and decision', async () => {
    const [seeded] = (await call(oa, 'GET', '/api/v1/policies')).json();
    const response = await call(oa, 'POST', '/api/v1/policies/test', { Prompt: 'Mail jane.doe@example.com please', PolicyIds: [seeded.id] });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      Prompt: 'Mail jane.doe@example.com please',
      TransformedPrompt: 'Mail <EMAIL_ADDRESS_1> please',
      Blocked: false,
      BlockedBy: null,
      Flagged: false,
      RedactedTypes: [],
      AnonymizedTypes: ['EMAIL_ADDRESS'],
      Placeholders: [{ Placeholder: '<EMAIL_ADDRESS_1>', Value: 'jane.doe@example.com' }],
      Precedence: POLICY_PRECEDENCE_TEXT,
    });
    expect(result.Policies).toHaveLength(1);
    expect(result.Policies[0].Rules.map((r: { RuleName: string; Matched: boolean }) => [r.RuleName, r.Matched])).toEqual([
      ['Block prompt injection', false],
      ['Redact secrets', false],
      ['Anonymize personal data', true],
      ['Block harmful requests', false],
    ]);
    expect(result.Findings).toEqual([
      {
        Type: 'EMAIL_ADDRESS',
        Text: 'jane.doe@example.com',
        Start: 5,
        End: 25,
        Action: 'anonymize',
        DecidedBy: { PolicyId: seeded.id, PolicyName: DEFAULT_POLICY_NAME, PolicyType: 'Global Policy', RuleId: seeded.Rules[2].id, RuleName: 'Anonymize personal data' },
        Reason: 'Rule "Anonymize personal data" of the Global Policy "Default protection" proposes anonymize.',
        Applied: true,
        Replacement: '<EMAIL_ADDRESS_1>',
        Proposals: [{ PolicyId: seeded.id, PolicyName: DEFAULT_POLICY_NAME, PolicyType: 'Global Policy', RuleId: seeded.Rules[2].id, RuleName: 'Anonymize personal data', Action: 'anonymize', Type: 'EMAIL_ADDRESS' }],
      },
    ]);
  });

  it('tests the policies that apply to an audience, with an unsaved draft', async () => {
    await call(oa, 'POST', '/api/v1/policies', { Name: 'Model exemption', Type: 'Language Model Policy', Targets: { LanguageModelIds: [modelId] }, Rules: [{ Kind: 'entities', Action: 'allow', EntityTypes: ['EMAIL_ADDRESS'] }] });
    const prompt = 'Mail jane.doe@example.com about falcon';
    const forModel = (await call(oa, 'POST', '/api/v1/policies/test', { Prompt: prompt, GroupIds: [groupId], LanguageModelId: modelId })).json();
    expect(forModel.TransformedPrompt).toBe(prompt);
    expect(forModel.Findings[0]).toMatchObject({ Action: 'allow', DecidedBy: { PolicyName: 'Model exemption' } });
    const otherModel = (await call(oa, 'POST', '/api/v1/policies/test', { Prompt: prompt, LanguageModelId: openModelId })).json();
    expect(otherModel.TransformedPrompt).toBe('Mail <EMAIL_ADDRESS_1> about falcon');

    const draft = { Name: 'Draft', Type: 'Group Policy', Targets: { GroupIds: [groupId] }, Rules: [{ Name: 'No falcon', Kind: 'keywords', Action: 'block', Keywords: ['Falcon'] }] };
    const blocked = (await call(oa, 'POST', '/api/v1/policies/test', { Prompt: prompt, LanguageModelId: modelId, Draft: draft })).json();
    expect(blocked.Blocked).toBe(true);
    expect(blocked.BlockedBy).toEqual({ PolicyId: 'draft', PolicyName: 'Draft', PolicyType: 'Group Policy', RuleId: 'draft-rule-1', RuleName: 'No falcon', Reason: 'Your prompt was blocked by the policy "Draft" (rule "No falcon"): the prompt contains the keyword "falcon".' });

    const badTest = await call(oa, 'POST', '/api/v1/policies/test', { Prompt: '', PolicyIds: ['nope'] });
    expect(badTest.json().errors).toEqual({ Prompt: 'Prompt is required' });
    expect((await call(oa, 'POST', '/api/v1/policies/test', { Prompt: 'x', PolicyIds: ['nope'] })).statusCode).toBe(404);
  });

  it('shows a USER only the enabled policies that apply to them, read-only', async () => {
    const rules = [{ Kind: 'secrets', Action: 'redact' }];
    const make = async (body: object) => (await call(oa, 'POST', '/api/v1/policies', { Rules: rules, ...body })).json().id as string;
    const mine = await make({ Name: 'Mine', Type: 'Group Policy', Targets: { GroupIds: [groupId] } });
    const theirs = await make({ Name: 'Theirs', Type: 'Group Policy', Targets: { GroupIds: [otherGroupId] } });
    const allGroups = await make({ Name: 'All groups', Type: 'Group Policy', Targets: { AllTargets: true } });
    const disabled = await make({ Name: 'Disabled', Type: 'Global Policy', Enabled: false });
    const openModel = await make({ Name: 'Open model', Type: 'Language Model Policy', Targets: { LanguageModelIds: [openModelId] } });
    const lawyersModel = await make({ Name: 'Lawyers model', Type: 'Language Model Policy', Targets: { LanguageModelIds: [restrictedModelId] } });

    const list = await call(user, 'GET', '/api/v1/policies?sort=["Name","ASC"]');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { Name: string }) => p.Name)).toEqual(['All groups', DEFAULT_POLICY_NAME, 'Mine', 'Model exemption', 'Open model']);
    expect(list.headers['content-range']).toBe('policies 0-4/5');
    expect((await call(user, 'GET', `/api/v1/policies/${mine}`)).statusCode).toBe(200);
    expect((await call(user, 'GET', `/api/v1/policies/${allGroups}`)).statusCode).toBe(200);
    expect((await call(user, 'GET', `/api/v1/policies/${openModel}`)).statusCode).toBe(200);
    for (const hidden of [theirs, disabled, lawyersModel]) expect((await call(user, 'GET', `/api/v1/policies/${hidden}`)).statusCode).toBe(404);
    expect((await call(user, 'PUT', `/api/v1/policies/${mine}`, { Name: 'x', Type: 'Global Policy', Rules: rules })).statusCode).toBe(403);
    expect((await call(user, 'POST', '/api/v1/policies/test', { Prompt: 'x' })).statusCode).toBe(403);

    const filtered = await call(oa, 'GET', `/api/v1/policies?filter=${encodeURIComponent(JSON.stringify({ Type: 'Group Policy', q: 'groups' }))}`);
    expect(filtered.json().map((p: { Name: string }) => p.Name)).toEqual(['All groups']);
  });
});
