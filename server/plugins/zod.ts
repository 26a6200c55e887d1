import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { ZodType, z } from 'zod';

/**
 * Fastify type provider and validator for zod schemas, so that a route's `schema` both validates and
 * types its request. Responses are serialised with JSON.stringify: response schemas document the
 * contract (and are checked in tests) without costing a runtime pass on every answer.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

export function installZod(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
