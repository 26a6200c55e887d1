import type { FastifyPluginAsync } from 'fastify';
import { errorSchema, idParamsSchema, messageResponseSchema } from '../../../contracts/common.ts';
import {
  notificationSettingsResponseSchema,
  notificationSettingsUpdateSchema,
  PUSH_SUBSCRIPTION_TEXTS as PT,
  pushDeviceSchema,
  pushDevicesResponseSchema,
  pushSubscriptionCreateSchema,
  UNSUBSCRIBE_TEXTS,
  unsubscribeQuerySchema,
} from '../../../contracts/notification-settings.ts';
import { HttpError } from '../../platform/http-errors.ts';
import { readUnsubscribeToken } from '../../platform/notify/unsubscribe.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import * as repo from './repo.ts';
import * as service from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/**
 * Issue 26 part 2 "Preferences" and "Web Push": 通知設定 (GET/PUT /api/notification-settings), the devices that
 * receive push (GET/POST/DELETE /api/push-subscriptions, each person's own only), and the one-click
 * unsubscribe of informational mail (POST /api/unsubscribe?token=, RFC 8058, without a login).
 */
export const notificationSettingsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // RFC 8058: the one-click POST carries `List-Unsubscribe=One-Click` as a form; the token is in the URL, so
  // the body is read (at most 1 KB) and not used. Only this feature's routes take forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8')),
  );

  app.get(
    '/api/notification-settings',
    {
      config: { access: 'user' },
      schema: { response: { 200: notificationSettingsResponseSchema, ...errors } },
    },
    async (request) => service.settingsOf(app.db, request.auth!.userId),
  );

  app.put(
    '/api/notification-settings',
    {
      config: { access: 'user' },
      schema: {
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsResponseSchema, ...errors },
      },
    },
    async (request) => service.updateSettings(app.db, request.auth!.userId, request.body),
  );

  app.get(
    '/api/push-subscriptions',
    { config: { access: 'user' }, schema: { response: { 200: pushDevicesResponseSchema, ...errors } } },
    async (request) => ({
      items: await service.devices(app.db, request.auth!.userId),
      vapid_public_key: app.vapidPublicKey,
    }),
  );

  app.post(
    '/api/push-subscriptions',
    {
      config: { access: 'user' },
      schema: { body: pushSubscriptionCreateSchema, response: { 201: pushDeviceSchema, ...errors } },
    },
    async (request, reply) => {
      const device = await service.addDevice(app.db, request.auth!.userId, request.body, {
        userAgent: request.headers['user-agent'],
        standinUrl: app.pushStandinUrl,
        pushOn: app.notifyChannels.push !== null,
      });
      return reply.code(201).send(device);
    },
  );

  app.delete(
    '/api/push-subscriptions/:id',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await service.removeDevice(app.db, request.auth!.userId, request.params.id);
      return { message: PT.removed };
    },
  );

  app.post(
    '/api/unsubscribe',
    {
      // The mail provider posts it (RFC 8058): no login, no XSRF cookie; the signed token is the authority.
      config: { access: 'public', csrf: false },
      schema: { querystring: unsubscribeQuerySchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      const target = readUnsubscribeToken(app.env.APP_SECRET, request.query.token);
      if (!target || !(await repo.mailOff(app.db, target.userId, target.group)))
        throw new HttpError(404, UNSUBSCRIBE_TEXTS.invalid);
      return { message: UNSUBSCRIBE_TEXTS.done };
    },
  );
};
