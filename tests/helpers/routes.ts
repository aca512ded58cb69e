// The app's routes as its OpenAPI document lists them, so that tests cover every route, including tomorrow's.
import type { TestApp } from './build';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
}
type OpenApiPaths = Record<string, Record<string, Operation>>;

async function paths(t: TestApp): Promise<OpenApiPaths> {
  const response = await t.app.inject({ method: 'GET', url: '/api/documentation/json' });
  if (response.statusCode !== 200) throw new Error(`OpenAPI document: ${response.statusCode}`);
  return response.json<{ paths: OpenApiPaths }>().paths;
}

/** GET routes that take react-admin's list query (`sort`), with `{param}` placeholders. */
export async function listRoutes(t: TestApp): Promise<string[]> {
  return Object.entries(await paths(t))
    .filter(([, operations]) => operations.get?.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'sort'))
    .map(([path]) => path);
}

/** Every POST and PUT route, with `{param}` placeholders. */
export async function writeRoutes(t: TestApp): Promise<{ method: 'POST' | 'PUT'; path: string }[]> {
  const routes: { method: 'POST' | 'PUT'; path: string }[] = [];
  for (const [path, operations] of Object.entries(await paths(t))) {
    if (operations.post) routes.push({ method: 'POST', path });
    if (operations.put) routes.push({ method: 'PUT', path });
  }
  return routes;
}
