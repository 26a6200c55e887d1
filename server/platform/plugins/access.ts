import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { MESSAGES } from '../../../contracts/common.ts';
import { HttpError } from '../http-errors.ts';

/**
 * Deny by default: every /api route states who may call it in `config.access`; a route without it
 * stops the server at start-up. Object-level checks (this shop is mine) stay in each route's query.
 *
 * - public: anyone, signed in or not (the request still gets `auth` when a valid token is sent)
 * - user: any signed-in user
 * - staff: role priority <= 5
 * - admin: role priority <= 1
 */
export type Access = 'public' | 'user' | 'staff' | 'admin';

export const STAFF_PRIORITY = 5;
export const ADMIN_PRIORITY = 1;

export interface AuthContext {
  userId: number;
  priority: number;
  sessionId: string;
  jti: string;
}

/** Reads the bearer token of a request; the auth feature installs the real one. */
export type Authenticator = (request: FastifyRequest) => Promise<AuthContext | null>;

/** A registered /api route with its access level (the authorisation table, the fuzz suite, OpenAPI). */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's schemas (zod), for the suites that derive their calls from the routes. */
  schema: FastifySchema | undefined;
  /** false: the route takes unsafe requests without the XSRF double submit (its own authority, plugins/csrf.ts). */
  csrf?: false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authenticator: { authenticate: Authenticator };
    /** Every /api route (and any other that declares its access) with its access level, in registration order. */
    apiRoutes: RouteEntry[];
  }
}

/**
 * `publicPrefixes`: routes of third-party plugins that cannot declare `config.access` (the development
 * API reference) and are public by nature.
 */
export function installAccessPolicy(app: FastifyInstance, options: { publicPrefixes?: string[] } = {}): void {
  const publicPrefixes = options.publicPrefixes ?? [];
  app.decorate('authenticator', { authenticate: async () => null });
  app.decorateRequest('auth', null);

  const collected: RouteEntry[] = [];
  app.decorate('apiRoutes', collected);
  app.addHook('onRoute', (route) => {
    let access = (route.config as { access?: Access } | undefined)?.access;
    // Outside /api (the SPA, assets, /s/{code}) only a route that declares its access is listed: GET /metrics.
    if (!route.url.startsWith('/api') && !access) return;
    if (!access && publicPrefixes.some((prefix) => route.url.startsWith(prefix))) {
      access = 'public';
      route.config = { ...route.config, access };
    }
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no config.access (deny by default)`,
      );
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue; // fastify adds HEAD beside every GET
      const csrf = (route.config as { csrf?: false } | undefined)?.csrf;
      collected.push({
        method,
        url: route.url,
        access,
        schema: route.schema,
        ...(csrf === false ? { csrf } : {}),
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return; // not an /api route (SPA, assets) or the 404 handler
    const hasBearer = typeof request.headers.authorization === 'string';
    if (access === 'public' && !hasBearer) return;
    request.auth = await app.authenticator.authenticate(request);
    if (access === 'public') return;
    if (!request.auth) throw new HttpError(401, MESSAGES.unauthenticated);
    if (access === 'staff' && request.auth.priority > STAFF_PRIORITY)
      throw new HttpError(403, MESSAGES.forbidden);
    if (access === 'admin' && request.auth.priority > ADMIN_PRIORITY)
      throw new HttpError(403, MESSAGES.forbidden);
  });
}
