// The gateway × the four roles × own and foreign models: only members of an organization may use it, and only
// with the models they may use. Errors are in OpenAI's shape and carry no data.
import { describe, expect, it } from 'vitest';
import type { RoleKey } from '../../tests/helpers/isolation';
import { useIsolationWorld } from '../../tests/helpers/isolation';
import { DEMO_LANGUAGE_MODEL_NAME } from '../models/seed';

describe('gateway isolation', () => {
  let foreignModel: string;

  const w = useIsolationWorld(async () => {
    const created = await w.call(w.otherCookies.orgAdmin, 'POST', '/api/v1/language-models', { Name: 'Their private model', Provider: 'demo', Model: 'offline-demo', MaxTokens: 100, Temperature: 0.2 });
    expect(created.statusCode).toBe(200);
    foreignModel = 'Their private model';
  });

  const chat = (cookie: string | undefined, model: string) => w.call(cookie, 'POST', '/api/v1/openai/chat/completions', { model, messages: [{ role: 'user', content: 'Hello' }] });

  it('lets only members of an organization list models and chat', async () => {
    const expected: Record<RoleKey, number> = { PA: 403, CA: 403, OA: 200, U: 200 };
    for (const role of Object.keys(expected) as RoleKey[]) {
      const models = await w.call(w.cookies[role], 'GET', '/api/v1/openai/models');
      const completion = await chat(w.cookies[role], DEMO_LANGUAGE_MODEL_NAME);
      expect([role, models.statusCode, completion.statusCode]).toEqual([role, expected[role], expected[role]]);
      if (expected[role] === 403) {
        expect(completion.json()).toEqual({ error: { message: 'Only members of an organization can use the gateway.', type: 'permission_error', code: 'forbidden', param: null } });
      }
    }
  });

  it('never shows or uses another tenant’s model', async () => {
    for (const role of ['OA', 'U'] as const) {
      const models = (await w.call(w.cookies[role], 'GET', '/api/v1/openai/models')).json<{ data: { id: string }[] }>();
      expect(models.data.map((model) => model.id)).toEqual([DEMO_LANGUAGE_MODEL_NAME]);
      const foreign = await chat(w.cookies[role], foreignModel);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: { message: `The model "${foreignModel}" does not exist or you do not have access to it.`, type: 'invalid_request_error', code: 'model_not_found', param: null } });
    }
    const prompts = await w.t.db.kysely.selectFrom('prompts').select('organization_id').execute();
    expect(new Set(prompts.map((prompt) => prompt.organization_id))).toEqual(new Set([w.demo.organizationId]));
  });

  it('answers 401 signed out', async () => {
    const response = await chat(undefined, DEMO_LANGUAGE_MODEL_NAME);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.type).toBe('invalid_request_error');
  });
});
