import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { errorSchema, idParamsSchema } from '../../../contracts/common.ts';
import {
  adminRecruitmentPageSchema,
  adminRecruitmentQuerySchema,
  cancelWinSchema,
  closeEarlySchema,
  cursorQuerySchema,
  entryCreateSchema,
  entryPageSchema,
  entrySchema,
  MAX_RECRUITMENT_IMAGES,
  manualWinnersSchema,
  postRejectSchema,
  postSubmitSchema,
  recruitmentCreateSchema,
  recruitmentListQuerySchema,
  recruitmentPageSchema,
  recruitmentSchema,
  recruitmentUpdateSchema,
  redrawSchema,
  shopEntryPageSchema,
  statusChangeSchema,
} from '../../../contracts/recruitments.ts';
import { STAFF_PRIORITY } from '../../platform/plugins/access.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import type { StoredImage } from '../../platform/storage.ts';
import { readFieldsAndImages } from '../../platform/uploads.ts';
import type { Viewer } from './service.ts';

const errors = {
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

const viewerOf = (request: FastifyRequest): Viewer => ({
  userId: request.auth?.userId ?? null,
  staff: !!request.auth && request.auth.priority <= STAFF_PRIORITY,
});

/**
 * Issue 15: `/api/recruitments` and `/api/entries`. HTTP only: each route states who may call it, its
 * schemas, and calls the service (app.recruitments); object-level checks are in the service's queries.
 */
export const recruitmentRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** A recruitment's photos: up to MAX_RECRUITMENT_IMAGES pictures under `images`. */
  const PHOTOS = { field: 'images', use: 'picture', max: MAX_RECRUITMENT_IMAGES } as const;
  /** Photos stored for a change that then failed go again. */
  const discardImages = (images: StoredImage[]) => Promise.all(images.map((i) => app.images.delete(i.key)));
  const service = app.recruitments;

  /* ---------------------------------------------------------------- recruitments */

  app.get(
    '/api/recruitments',
    {
      config: { access: 'public' },
      schema: {
        querystring: recruitmentListQuerySchema,
        response: { 200: recruitmentPageSchema, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.get(
    '/api/recruitments/all',
    {
      config: { access: 'staff' },
      schema: {
        querystring: adminRecruitmentQuerySchema,
        response: { 200: adminRecruitmentPageSchema, ...errors },
      },
    },
    (request) => service.adminList(request.query),
  );

  /** Staff create a draft: multipart with up to 6 `images` (or JSON without images). */
  app.post(
    '/api/recruitments',
    { config: { access: 'staff' }, schema: { response: { 201: recruitmentSchema, ...errors } } },
    async (request, reply) => {
      const { fields, images } = await readFieldsAndImages(request, recruitmentCreateSchema, PHOTOS);
      try {
        const created = await service.create(fields, images, request.auth!.userId);
        return reply.code(201).send(created);
      } catch (err) {
        await discardImages(images);
        throw err;
      }
    },
  );

  /** Staff edit: JSON, or multipart whose new `images` replace the old set (ADR 0082). */
  app.patch(
    '/api/recruitments/:id',
    {
      config: { access: 'staff' },
      schema: { params: idParamsSchema, response: { 200: recruitmentSchema, ...errors } },
    },
    async (request) => {
      const { fields, images } = await readFieldsAndImages(request, recruitmentUpdateSchema, PHOTOS);
      let done: Awaited<ReturnType<typeof service.update>>;
      try {
        done = await service.update(
          request.params.id,
          fields,
          images.length ? images : null,
          request.auth!.userId,
        );
      } catch (err) {
        await discardImages(images);
        throw err;
      }
      // The replaced photos go after the change committed; a failed delete only leaves a stray file.
      await Promise.allSettled(done.replacedImageKeys.map((key) => app.images.delete(key)));
      return done.recruitment;
    },
  );

  app.get(
    '/api/recruitments/:id',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: recruitmentSchema, ...errors } },
    },
    (request) => service.get(request.params.id, viewerOf(request)),
  );

  app.put(
    '/api/recruitments/:id/status',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: statusChangeSchema,
        response: { 200: recruitmentSchema, ...errors },
      },
    },
    (request) => service.changeStatus(request.params.id, request.body.status, request.auth!.userId),
  );

  app.post(
    '/api/recruitments/:id/draw',
    {
      config: { access: 'staff' },
      schema: { params: idParamsSchema, response: { 200: recruitmentSchema, ...errors } },
    },
    (request) => service.draw(request.params.id, request.auth!.userId),
  );

  app.post(
    '/api/recruitments/:id/winners',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: manualWinnersSchema,
        response: { 200: recruitmentSchema, ...errors },
      },
    },
    (request) => service.pickWinners(request.params.id, request.body.entry_ids, request.auth!.userId),
  );

  app.post(
    '/api/recruitments/:id/redraw',
    {
      config: { access: 'staff' },
      schema: { params: idParamsSchema, body: redrawSchema, response: { 200: recruitmentSchema, ...errors } },
    },
    (request) => service.redraw(request.params.id, request.body.entry_id, request.auth!.userId),
  );

  /** Issue 23: staff close applications before the deadline, with a reason the public page shows. */
  app.post(
    '/api/recruitments/:id/close',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: closeEarlySchema,
        response: { 200: recruitmentSchema, ...errors },
      },
    },
    (request) => service.closeEarly(request.params.id, request.body.reason, request.auth!.userId),
  );

  /** The entries of one recruitment, for its shop's members and staff. */
  app.get(
    '/api/recruitments/:id/entries',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        querystring: cursorQuerySchema,
        response: { 200: shopEntryPageSchema, ...errors },
      },
    },
    (request) => service.shopEntries(request.params.id, viewerOf(request), request.query.cursor),
  );

  /** A signed-in supporter applies, once per recruitment. */
  app.post(
    '/api/recruitments/:id/entries',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        body: entryCreateSchema.optional(),
        response: { 201: entrySchema, ...errors },
      },
    },
    async (request, reply) => {
      const entry = await service.apply(request.params.id, request.auth!.userId, request.body?.answer);
      return reply.code(201).send(entry);
    },
  );

  /* ---------------------------------------------------------------- entries */

  app.get(
    '/api/entries',
    {
      config: { access: 'user' },
      schema: { querystring: cursorQuerySchema, response: { 200: entryPageSchema, ...errors } },
    },
    (request) => service.myEntries(request.auth!.userId, request.query.cursor),
  );

  app.get(
    '/api/entries/:id',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: entrySchema, ...errors } },
    },
    (request) => service.myEntry(request.auth!.userId, request.params.id),
  );

  app.post(
    '/api/entries/:id/visit',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: entrySchema, ...errors } },
    },
    (request) => service.confirmVisit(request.params.id, viewerOf(request)),
  );

  app.post(
    '/api/entries/:id/post',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, body: postSubmitSchema, response: { 200: entrySchema, ...errors } },
    },
    (request) => service.submitPost(request.params.id, request.auth!.userId, request.body.post_url),
  );

  /** Issue 23: the winner declines the place before the visit; staff may then redraw it. */
  app.post(
    '/api/entries/:id/decline',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: entrySchema, ...errors } },
    },
    (request) => service.decline(request.params.id, request.auth!.userId),
  );

  /** Issue 23: staff cancel a win with a reason (listed on the public page); the place may be redrawn. */
  app.post(
    '/api/entries/:id/cancel',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: cancelWinSchema,
        response: { 200: recruitmentSchema, ...errors },
      },
    },
    (request) => service.cancelWin(request.params.id, request.body.reason, request.auth!.userId),
  );

  /** The shop rejects the post with a reason from the fixed list (ADR 0083). */
  app.post(
    '/api/entries/:id/reject',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, body: postRejectSchema, response: { 200: entrySchema, ...errors } },
    },
    (request) =>
      service.rejectPost(request.params.id, viewerOf(request), request.body.reason, request.body.note),
  );

  app.post(
    '/api/entries/:id/approve',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: entrySchema, ...errors } },
    },
    (request) => service.approvePost(request.params.id, viewerOf(request)),
  );
};
