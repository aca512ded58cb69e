// The copilot calls react-admin's simple-rest mapping has no method for: one set-up step and the access token.
import { API_BASE, httpClient, postJson } from '../../../dataProvider';
import { AppSchema, AppTokenCreatedSchema } from '../../../domain';
import type { App, AppTokenCreated, CopilotSetupStepValue } from '../../../domain';

/** PUT /api/v1/apps/:id/steps/:step: 400 with field messages, 409 when an earlier step is not complete. */
export async function saveCopilotStep(id: string, step: CopilotSetupStepValue, values: unknown): Promise<App> {
  const { json } = await httpClient(`${API_BASE}/apps/${encodeURIComponent(id)}/steps/${step}`, { method: 'PUT', body: JSON.stringify(values) });
  return AppSchema.parse(json);
}

/** POST /api/v1/apps/:id/token: a new secret (a rotation ends the old one), answered this once. */
export function createCopilotToken(id: string): Promise<AppTokenCreated> {
  return postJson(`/apps/${encodeURIComponent(id)}/token`, {}, AppTokenCreatedSchema);
}

/**
 * Where a copilot is called with its token: the OpenAI-compatible gateway of the architecture (server/gateway).
 * One place to change if the gateway settles on another path.
 */
export const COPILOT_GATEWAY_PATH = '/api/v1/openai/chat/completions';

export function exampleCopilotCall(origin: string, secret: string): string {
  const body = JSON.stringify({ messages: [{ role: 'user', content: 'What is our travel policy?' }] });
  return `curl -X POST ${origin}${COPILOT_GATEWAY_PATH} \\\n  -H "Authorization: Bearer ${secret}" \\\n  -H "Content-Type: application/json" \\\n  -d '${body}'`;
}
