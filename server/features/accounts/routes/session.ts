import type { FastifyPluginAsync } from 'fastify';
import {
  authResponseSchema,
  flagUpRequestSchema,
  modeRequestSchema,
  loginRequestSchema,
  loginSessionsResponseSchema,
  refreshResponseSchema,
  rolesResponseSchema,
  type User,
  sessionIdParamsSchema,
  userSchema,
} from '../../../../contracts/accounts.ts';
import { ACCOUNT_MESSAGES as M } from '../../../../contracts/accounts.ts';
import { errorSchema, MESSAGES, messageResponseSchema } from '../../../../contracts/common.ts';
import { HttpError } from '../../../platform/http-errors.ts';
import type { ZodTypeProvider } from '../../../platform/plugins/zod.ts';
import { listRoles } from '../repo.ts';
import { bearerToken, callerOf } from '../setup.ts';
import { accountErrors as errors } from './errors.ts';

/** Seed spec section 7: login, logout, refresh, me, flag-up, and the role list for staff. */
export const sessionRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service, tokens } = app.accounts;
  const strictResponses = app.env.NODE_ENV !== 'production';

  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: { body: loginRequestSchema, response: { 200: authResponseSchema, ...errors } },
    },
    (request, reply) => service.login(request.body, callerOf(request, reply)),
  );

  app.post(
    '/api/logout',
    { config: { access: 'user' }, schema: { response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await tokens.revokeSession(request.auth!.sessionId, 'logout');
      return { message: M.loggedOut };
    },
  );

  app.post(
    '/api/refresh',
    { config: { access: 'public' }, schema: { response: { 200: refreshResponseSchema, ...errors } } },
    async (request) => {
      const token = bearerToken(request);
      const next = token ? await tokens.refresh(token) : null;
      if (!next) throw new HttpError(401, MESSAGES.unauthenticated);
      return { access_token: next };
    },
  );

  app.get(
    '/api/me',
    { config: { access: 'user', loadUser: true }, schema: { response: { 200: userSchema, ...errors } } },
    async (request, reply) => {
      // The database built the answer's JSON in the token check's round trip: in production it is sent
      // as it is (a string payload with a JSON content type skips the serializer; the type provider only
      // knows the object form, hence the cast). Elsewhere it goes through the serializer like every
      // answer, so a field the user schema does not declare fails the tests (ADR 0006).
      if (request.currentUserJson) {
        if (strictResponses) return JSON.parse(request.currentUserJson) as User;
        return reply.type('application/json; charset=utf-8').send(request.currentUserJson as never);
      }
      return service.currentUser(request.auth!.userId);
    },
  );

  app.put(
    '/api/users/flag-up',
    {
      config: { access: 'user' },
      schema: { body: flagUpRequestSchema, response: { 200: userSchema, ...errors } },
    },
    (request) => service.raiseFlag(request.auth!.userId, request.body.flag),
  );

  /** Issue 25 (ADR 0167): supporter mode is remembered for the next login; answers the user. */
  app.put(
    '/api/users/mode',
    {
      config: { access: 'user' },
      schema: { body: modeRequestSchema, response: { 200: userSchema, ...errors } },
    },
    (request) => service.rememberSupporterMode(request.auth!.userId),
  );

  /** ADR 0017: the user's logins (devices), each of which the user can end. */
  app.get(
    '/api/sessions',
    {
      config: { access: 'user' },
      schema: { response: { 200: loginSessionsResponseSchema, ...errors } },
    },
    (request) => tokens.list(request.auth!.userId, request.auth!.sessionId),
  );

  app.delete(
    '/api/sessions/:sessionId',
    {
      config: { access: 'user' },
      schema: {
        params: sessionIdParamsSchema,
        response: { 200: messageResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => {
      // Another user's login is not found, as a login that never existed (no 403 that confirms it).
      if (!(await tokens.revokeOwn(request.auth!.userId, request.params.sessionId))) {
        throw new HttpError(404, M.sessionNotFound);
      }
      return { message: M.sessionRevoked };
    },
  );

  app.get(
    '/api/roles',
    { config: { access: 'staff' }, schema: { response: { 200: rolesResponseSchema, ...errors } } },
    () => listRoles(app.db),
  );
};
