// Typed calls outside react-admin's resources (session, metadata, password flows). Responses are parsed
// with the domain schemas, so a drifting server fails loudly here rather than deep inside a screen.
import type { z } from 'zod';
import { httpClient } from './httpClient';
import type { HttpOptions } from './httpClient';

export const API_BASE = '/api/v1';

export async function getJson<S extends z.ZodType>(path: string, schema: S, options: HttpOptions = {}): Promise<z.output<S>> {
  const { json } = await httpClient(`${API_BASE}${path}`, options);
  return schema.parse(json);
}

export async function postJson<S extends z.ZodType>(
  path: string,
  payload: unknown,
  schema: S,
  options: HttpOptions = {},
): Promise<z.output<S>> {
  const { json } = await httpClient(`${API_BASE}${path}`, { ...options, method: 'POST', body: JSON.stringify(payload) });
  return schema.parse(json);
}
