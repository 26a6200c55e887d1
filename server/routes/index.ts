import type { FastifyInstance } from 'fastify';
import type { Access } from '../plugins/access.ts';
import { installAuth } from '../plugins/auth.ts';
import { authRoutes } from './auth.ts';
import { oauthRoutes } from './oauth.ts';
import { profileRoutes } from './profiles.ts';
import { shopRoutes } from './shops.ts';
import { systemRoutes } from './system.ts';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its access level, for the authorisation table test. */
    apiRoutes: RouteEntry[];
  }
}

/** Every API route module, registered in one place. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const collected: RouteEntry[] = [];
  app.decorate('apiRoutes', collected);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue; // fastify adds HEAD beside every GET
      collected.push({
        method,
        url: route.url,
        access: (route.config as { access?: Access } | undefined)?.access,
      });
    }
  });
  installAuth(app);
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(shopRoutes);
  await app.register(oauthRoutes);
  await app.register(profileRoutes);
}
