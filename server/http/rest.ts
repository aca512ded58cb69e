import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { setContentRange } from './list-query';
import { ApiErrorSchema } from '../../domain/schemas/common';

export const IdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const ListQuerystringSchema = z.object({ sort: z.string().optional(), range: z.string().optional(), filter: z.string().optional() });

/** Error answers every resource route can give, for the OpenAPI document. */
export const errorResponses = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

export function sendPage<T>(reply: FastifyReply, resource: string, offset: number, page: { rows: T[]; total: number }): T[] {
  setContentRange(reply, resource, offset, page.rows.length, page.total);
  return page.rows;
}

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));

/** Values of a list filter that may be one value or a list (react-admin's getMany sends {"id":[...]}). */
export function filterIds(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is string => typeof item === 'string' && item.length > 0 && item.length <= 64);
}

export function filterText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined;
}
