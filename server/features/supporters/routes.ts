import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorSchema, idParamsSchema, messageResponseSchema } from '../../../contracts/common.ts';
import {
  addSnsAccountSchema,
  approveSnsAccountSchema,
  profileSchema,
  rejectSnsAccountSchema,
  roleChangeResponseSchema,
  roleChangeSchema,
  snsAccountListSchema,
  snsAccountSchema,
  snsReviewItemSchema,
  snsReviewPageSchema,
  snsReviewQuerySchema,
  supporterDetailSchema,
  supporterListQuerySchema,
  supporterPageSchema,
  supporterStatusSchema,
  updateProfileSchema,
} from '../../../contracts/supporters.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { saveUploadedImages } from '../../platform/uploads.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** Issue 16: SNS accounts and their review, the supporter's profile, and the staff's supporter list. */
export const supporterRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = () => app.supporters.service;

  // --- SNS accounts (the supporter's own) ----------------------------------------------------------------------

  app.get(
    '/api/social-accounts',
    { config: { access: 'user' }, schema: { response: { 200: snsAccountListSchema, ...errors } } },
    (request) => service().mySns(request.auth!.userId),
  );

  app.post(
    '/api/social-accounts',
    {
      config: { access: 'user' },
      schema: { body: addSnsAccountSchema, response: { 201: snsAccountSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await service().addSns(request.auth!.userId, request.body)),
  );

  app.delete(
    '/api/social-accounts/:id',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    (request) => service().deleteSns(request.auth!.userId, request.params.id),
  );

  // --- SNS review (staff) -------------------------------------------------------------------------------------

  app.get(
    '/api/social-accounts/review',
    {
      config: { access: 'staff' },
      schema: { querystring: snsReviewQuerySchema, response: { 200: snsReviewPageSchema, ...errors } },
    },
    (request) => service().reviewQueue(request.query.cursor),
  );

  app.post(
    '/api/social-accounts/:id/approve',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: approveSnsAccountSchema,
        response: { 200: snsReviewItemSchema, ...errors },
      },
    },
    (request) => service().approveSns(request.auth!, request.params.id, request.body),
  );

  app.post(
    '/api/social-accounts/:id/reject',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: rejectSnsAccountSchema,
        response: { 200: snsReviewItemSchema, ...errors },
      },
    },
    (request) => service().rejectSns(request.auth!, request.params.id, request.body.reason),
  );

  // --- the supporter's own profile --------------------------------------------------------------------------------

  app.get(
    '/api/users/me/profile',
    { config: { access: 'user' }, schema: { response: { 200: profileSchema, ...errors } } },
    (request) => service().profile(request.auth!.userId),
  );

  app.put(
    '/api/users/me/profile',
    {
      config: { access: 'user' },
      schema: { body: updateProfileSchema, response: { 200: profileSchema, ...errors } },
    },
    (request) => service().saveProfile(request.auth!.userId, request.body),
  );

  /** multipart/form-data with one image in `avatar` (the storage service's rules, issue 12). */
  app.put(
    '/api/users/me/avatar',
    { config: { access: 'user' }, schema: { response: { 200: profileSchema, ...errors } } },
    async (request) => {
      const { images } = await saveUploadedImages(request, {
        field: 'avatar',
        use: 'avatar',
        max: 1,
        required: true,
      });
      return service().setAvatar(request.auth!.userId, images[0]!.url);
    },
  );

  app.delete(
    '/api/users/me/avatar',
    { config: { access: 'user' }, schema: { response: { 200: profileSchema, ...errors } } },
    (request) => service().setAvatar(request.auth!.userId, null),
  );

  // --- staff: the supporter list ------------------------------------------------------------------------------------

  app.get(
    '/api/users',
    {
      config: { access: 'staff' },
      schema: { querystring: supporterListQuerySchema, response: { 200: supporterPageSchema, ...errors } },
    },
    (request) => service().supporterPage(request.query),
  );

  app.get(
    '/api/users/export',
    {
      config: { access: 'staff' },
      schema: { querystring: supporterListQuerySchema, response: { 200: z.string(), ...errors } },
    },
    async (request, reply) => {
      const csv = await service().supporterCsv(request.query);
      const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' })
        .format(new Date())
        .replace(/-/g, '');
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="focustar-supporters-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: 'staff' },
      schema: { params: idParamsSchema, response: { 200: supporterDetailSchema, ...errors } },
    },
    (request) => service().supporterDetail(request.params.id),
  );

  app.put(
    '/api/users/:id/status',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: supporterStatusSchema,
        response: { 200: supporterDetailSchema, ...errors },
      },
    },
    (request) => service().setSupporterStatus(request.auth!, request.params.id, request.body),
  );

  // Issue 24 "Role changes": admins only; the role is read from the database on every call, so it applies
  // from the user's next request.
  app.put(
    '/api/users/:id/role',
    {
      config: { access: 'admin' },
      schema: {
        params: idParamsSchema,
        body: roleChangeSchema,
        response: { 200: roleChangeResponseSchema, ...errors },
      },
    },
    (request) => service().changeRole(request.auth!, request.params.id, request.body.role),
  );
};
