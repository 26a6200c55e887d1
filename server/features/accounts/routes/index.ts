import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account.ts';
import { oauthRoutes } from './oauth.ts';
import { passwordRoutes } from './password.ts';
import { registrationRoutes } from './registration.ts';
import { sessionRoutes } from './session.ts';

/** Every route of the accounts feature, one file per part. */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sessionRoutes);
  await app.register(registrationRoutes);
  await app.register(passwordRoutes);
  await app.register(accountRoutes);
  await app.register(oauthRoutes);
};
