// Test fixtures: one of each record a copilot can refer to, created through the API of the organization's admin.
import type { TestApp } from '../../tests/helpers/build';

export interface CopilotReferences {
  groupId: string;
  dataSourceId: string;
  secondDataSourceId: string;
  languageModelId: number;
  policyId: string;
}

export function caller(t: TestApp) {
  return (cookie: string | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), 'x-requested-with': 'test' }, ...(payload !== undefined ? { payload: payload as object } : {}) });
}

export async function createReferences(t: TestApp, cookie: string, label: string): Promise<CopilotReferences> {
  const call = caller(t);
  const created = async (url: string, body: object) => {
    const response = await call(cookie, 'POST', url, body);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json().id as string | number;
  };
  return {
    groupId: (await created('/api/v1/groups', { Name: `${label} group` })) as string,
    dataSourceId: (await created('/api/v1/cdr', { Name: `${label} handbook`, AppId: 0 })) as string,
    secondDataSourceId: (await created('/api/v1/cdr', { Name: `${label} wiki`, AppId: 0 })) as string,
    languageModelId: (await created('/api/v1/language-models', { Name: `${label} model`, Provider: 'demo', Model: 'offline-demo' })) as number,
    policyId: (await created('/api/v1/policies', { Name: `${label} policy`, Type: 'Global Policy', Rules: [{ Kind: 'secrets', Action: 'block' }] })) as string,
  };
}

/** The body of each step for a copilot using the given references, valid as a whole. */
export function stepBodies(refs: CopilotReferences, userId: string): Record<number, unknown> {
  return {
    1: { DataSourceIds: [refs.dataSourceId, refs.secondDataSourceId] },
    2: { DataAccess: [{ DataSourceId: refs.dataSourceId, GroupIds: [refs.groupId] }] },
    3: { Rag: { TopK: 8, MinScore: 0.25, CiteSources: false } },
    4: { LanguageModelIds: [refs.languageModelId], DefaultLanguageModelId: refs.languageModelId },
    5: { PolicyIds: [refs.policyId] },
    6: { UserIds: [userId], GroupIds: [refs.groupId] },
    7: { PromptType: 2, PredefinedPrompts: [{ Title: 'Leave', Prompt: 'How many days of leave do I have?' }] },
  };
}
