import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { type ZodType, z } from 'zod';
import type { Access } from './access.ts';
import { operationIdOf, SECURITY_SCHEMES, securityOf, summaryOf } from './openapi-operations.ts';

/** Where the reference UI lives (development only). */
export const API_DOCS_PREFIX = '/api/docs';

const isZod = (value: unknown): value is ZodType => value instanceof z.ZodType;

/** A zod schema as JSON Schema (2020-12, which OpenAPI 3.1 uses); other values pass through. */
function toJsonSchema(value: unknown, io: 'input' | 'output'): unknown {
  if (!isZod(value)) return value;
  const { $schema: _drop, ...json } = z.toJSONSchema(value, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return json;
}

/** The route's zod schemas as JSON Schema: requests as clients send them, answers as they are sent. */
export function routeSchemaToJson(schema: FastifySchema | undefined): FastifySchema {
  if (!schema) return {};
  const out: Record<string, unknown> = { ...schema };
  for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
    if (part in schema) out[part] = toJsonSchema(schema[part], 'input');
  }
  if (schema.response && typeof schema.response === 'object') {
    out.response = Object.fromEntries(
      Object.entries(schema.response as Record<string, unknown>).map(([code, s]) => [
        code,
        toJsonSchema(s, 'output'),
      ]),
    );
  }
  return out as FastifySchema;
}

/**
 * OpenAPI 3.1 generated from the route schemas (ADR 0006): GET /api/openapi.json for everyone, and in
 * development the Scalar reference at /api/docs. NOTE: Scalar is a devDependency, so it is imported
 * only when asked for; a production install does not have it.
 */
export async function installOpenApi(
  app: FastifyInstance,
  options: { version: string; docs: boolean; serverUrl: string; features: readonly string[] },
): Promise<{ tagRoutesOf(feature: string | undefined): void }> {
  // Issue 28 (d), ADR 0163: each /api route is tagged with the feature whose plugin registered it.
  const featureOf = new WeakMap<object, string>();
  let registering: string | undefined;
  app.addHook('onRoute', (route) => {
    if (registering && route.url.startsWith('/api')) featureOf.set(route, registering);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Focustar API', version: options.version },
      servers: [{ url: new URL(options.serverUrl).origin, description: 'This deployment (APP_URL)' }],
      tags: [...options.features.map((name) => ({ name })), { name: 'platform' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: ({ schema, url, route }) => {
      if (!route.url.startsWith('/api')) return { schema: { ...schema, hide: true }, url };
      const method = (Array.isArray(route.method) ? route.method[0] : route.method) as string;
      const declared = (schema ?? {}) as FastifySchema & { operationId?: string; summary?: string };
      const access = (route.config as { access?: Access } | undefined)?.access;
      return {
        schema: {
          ...routeSchemaToJson(schema),
          operationId: declared.operationId ?? operationIdOf(method, route.url),
          summary: declared.summary ?? summaryOf(method, route.url),
          tags: declared.tags ?? [featureOf.get(route) ?? 'platform'],
          security:
            declared.security ??
            securityOf(method, access, (route.config as { csrf?: false } | undefined)?.csrf),
        } as FastifySchema,
        url,
      };
    },
  });

  app.get('/api/openapi.json', { config: { access: 'public' } }, () => app.swagger());

  if (options.docs) {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    await app.register(scalar, {
      routePrefix: API_DOCS_PREFIX,
      configuration: { url: '/api/openapi.json' },
      logLevel: 'silent',
    });
  }
  return {
    tagRoutesOf: (feature) => {
      registering = feature;
    },
  };
}
