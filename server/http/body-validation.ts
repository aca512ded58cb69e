import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { z } from 'zod';
import { badRequest } from './errors';

const NOT_AN_OBJECT = () => badRequest('The request body must be a JSON object.', { body: 'must be a JSON object' });
const NOT_VALID = () => badRequest('The request body is not valid.', { body: 'is not valid' });

/**
 * The zod validator, hardened for every route at once: a body whose schema describes an object must be a JSON object
 * (not null, an array, a string or a number — refinements and defaults would otherwise run on it and throw), and a
 * validator that throws on an input it did not foresee answers 400, not 500.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  const objectOnly = route.httpPart === 'body' && describesAnObject(route.schema);
  return (data: unknown) => {
    if (objectOnly && !isPlainObject(data)) return { error: NOT_AN_OBJECT() };
    if (route.httpPart === 'body') {
      const field = fieldWithNul(data);
      if (field !== undefined) return { error: badRequest('Some fields are not valid.', { [field && field.length <= 100 ? field : 'body']: 'must not contain NUL characters' }) };
    }
    try {
      return validate(data);
    } catch {
      return { error: route.httpPart === 'body' ? NOT_VALID() : badRequest('The request is not valid.') };
    }
  };
};

/**
 * The dotted path of the first string (value or key) holding U+0000, which PostgreSQL cannot store in text; walked
 * without recursion, since a body may nest as deep as its size allows.
 */
function fieldWithNul(body: unknown): string | undefined {
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True unless the schema's JSON form says plainly that the body is something else (a list, a string…). */
function describesAnObject(schema: ZodType): boolean {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { type?: unknown };
    return json.type === undefined || json.type === 'object';
  } catch {
    return true;
  }
}
