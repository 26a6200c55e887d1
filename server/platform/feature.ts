import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * A feature as the app sees it (ADR 0005). server/features/index.ts lists them; buildApp runs every
 * `setup` on the root instance first, then registers every `routes` plugin, both in list order.
 */
export interface Feature {
  name: string;
  /**
   * Decorators and services on the root instance (e.g. `app.accounts`, the bearer authenticator).
   * Other features may read them at run time through the instance, never by import.
   */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /** HTTP only: an encapsulated plugin with the feature's routes. */
  routes: FastifyPluginAsync;
}
