import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Fastify type provider and validator for zod schemas, so that a route's `schema` both validates and
 * types its request. Responses are serialised with JSON.stringify: response schemas document the
 * contract (and are checked in tests) without costing a runtime pass on every answer.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

export const NUL_MESSAGE = '使用できない文字（制御文字）が含まれています。';

/** The path of the first string holding a NUL character, which no PostgreSQL text value can store. */
export function findNul(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNul(key, [...path, key]) ?? findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The error zod itself would raise (an Error that Fastify wraps as a validation error). */
function nulError(path: (string | number)[], data: unknown): Error {
  const refused = z
    .unknown()
    .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', path, message: NUL_MESSAGE }));
  return refused.safeParse(data).error!;
}

export function installZod(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    // NOTE: checked for every route here, before any schema: a NUL reaching the database is a 500.
    const nulAt = findNul(data);
    if (nulAt) return { error: nulError(nulAt, data) };
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
