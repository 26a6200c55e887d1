import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import { type ZodType, z } from 'zod';
import { MESSAGES } from '../../../contracts/common.ts';

/**
 * Fastify type provider, validator and serializer for zod schemas, so that a route's `schema` both
 * validates and types its request, and checks its answer (ADR 0006):
 * - development and tests: the answer must match its declared response schema exactly; a field the
 *   schema does not declare (a leak) or a wrong value throws, so the call answers 500 and the log names
 *   the route, the status and the field;
 * - production: the answer is parsed with the schema, which strips undeclared fields, so a leak never
 *   leaves the server even where no test looked.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

export const NUL_MESSAGE = '使用できない文字（制御文字）が含まれています。';

/** Deeper input than any request of the product needs: refused before anything walks it (issue 10 item 6). */
export const MAX_INPUT_DEPTH = 64;
export const TOO_DEEP = Symbol('too deep');

/**
 * The path of the first string holding a NUL character, which no PostgreSQL text value can store, or
 * TOO_DEEP for input nested deeper than MAX_INPUT_DEPTH. Iterative: ~7,000 levels of nested JSON (a
 * 14 KB body) overflowed the stack of the recursive walk and answered 500.
 */
export function findNul(value: unknown): (string | number)[] | typeof TOO_DEEP | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return TOO_DEEP;
    const entries: [string | number, unknown][] = Array.isArray(item)
      ? item.map((v, i) => [i, v])
      : Object.entries(item);
    // Pushed in reverse so that the first offending field (in document order) is found first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: [...path, key] });
      if (typeof key === 'string' && key.includes('\u0000')) stack.push({ value: key, path: [...path, key] });
    }
  }
  return null;
}

/** The error zod itself would raise (an Error that Fastify wraps as a validation error). */
function nulError(path: (string | number)[], data: unknown, message = NUL_MESSAGE): Error {
  const refused = z.unknown().superRefine((_, ctx) => ctx.addIssue({ code: 'custom', path, message }));
  return refused.safeParse(data).error!;
}

/** The paths of keys the input has and the parsed output dropped (zod strips undeclared keys). */
export function strippedKeys(input: unknown, output: unknown, path = ''): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, i) => strippedKeys(item, output[i], `${path}[${i}]`));
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.entries(input).flatMap(([key, value]) => {
    if (value === undefined) return []; // JSON.stringify drops it: nothing would be sent
    const at = path ? `${path}.${key}` : key;
    return key in output ? strippedKeys(value, output[key], at) : [at];
  });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/**
 * The check every input of the API gets: no NUL character and no absurd nesting anywhere (a NUL reaching
 * the database is a 500), then the schema. The validator of every declared schema, and of the fields of
 * multipart requests (server/platform/uploads.ts), which Fastify does not validate.
 */
export function validateInput<S extends ZodType>(
  schema: S,
  data: unknown,
): { value: z.output<S>; error?: undefined } | { error: Error; value?: undefined } {
  const nulAt = findNul(data);
  if (nulAt === TOO_DEEP) return { error: nulError([], data, MESSAGES.tooDeep) };
  if (nulAt) return { error: nulError(nulAt, data) };
  const result = schema.safeParse(data);
  return result.success ? { value: result.data } : { error: result.error };
}

export class ResponseValidationError extends Error {
  constructor(route: string, problem: string) {
    super(`Response of ${route} ${problem}`);
    this.name = 'ResponseValidationError';
  }
}

export function installZod(app: FastifyInstance, options: { strictResponses: boolean }): void {
  app.setValidatorCompiler(
    ({ schema }) =>
      (data) =>
        validateInput(schema as ZodType, data),
  );
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const zodSchema = schema as ZodType;
    const route = `${method} ${url} (${httpStatus})`;
    if (!options.strictResponses) {
      return (data) => {
        const result = zodSchema.safeParse(data);
        if (!result.success)
          throw new ResponseValidationError(route, `breaks its schema: ${result.error.message}`);
        return JSON.stringify(result.data);
      };
    }
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (!result.success)
        throw new ResponseValidationError(route, `breaks its schema: ${result.error.message}`);
      const leaked = strippedKeys(data, result.data);
      if (leaked.length) {
        throw new ResponseValidationError(route, `leaks undeclared field(s): ${leaked.join(', ')}`);
      }
      return JSON.stringify(data);
    };
  });
}
