import type { FastifyInstance } from 'fastify';
import { systemRoutes } from './system.ts';

/** Every API route module, registered in one place. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
}
