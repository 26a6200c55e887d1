import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import { errorSchema, idParamsSchema, messageResponseSchema } from '../../../contracts/common.ts';
import {
  altSchema,
  INDEX_PICTURE_MESSAGES as M,
  INDEX_PICTURES_MAX,
  INDEX_PICTURES_SHOWN,
  indexPictureListSchema,
  indexPictureSchema,
  orderIndexPicturesSchema,
  publicIndexPictureListSchema,
  updateIndexPictureSchema,
} from '../../../contracts/index-pictures.ts';
import { audit } from '../../platform/audit.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { saveUploadedImages } from '../../platform/uploads.ts';
import * as repo from './repo.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
/** The text field of an upload: the alt text, required. */
const uploadFieldsSchema = z.object({ alt: altSchema });
/** A picture's fields as the staff audit log keeps them (issue 24). */
const logged = (p: { url: string; alt: string; active: boolean } | null) =>
  p ? { url: p.url, alt: p.alt, active: p.active } : {};

/**
 * Issue 16 / product design section 6: staff manage the top page's pictures; the top page reads the
 * active ones. Small enough that the rules live here with the queries (no service file).
 */
export const indexPictureRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/random-index-pictures',
    { config: { access: 'public' }, schema: { response: { 200: publicIndexPictureListSchema, ...errors } } },
    async (_request, reply) => {
      // A minute of caching: a new picture shows soon, and a busy top page does not hit the database.
      reply.header('Cache-Control', 'public, max-age=60');
      return { items: await repo.randomActive(app.db, INDEX_PICTURES_SHOWN) };
    },
  );

  app.get(
    '/api/index-pictures',
    { config: { access: 'staff' }, schema: { response: { 200: indexPictureListSchema, ...errors } } },
    async () => ({ items: await repo.listAll(app.db) }),
  );

  /** multipart/form-data: `image` (one file) and `alt` (required, checked before the image is stored). */
  app.post(
    '/api/index-pictures',
    { config: { access: 'staff' }, schema: { response: { 201: indexPictureSchema, ...errors } } },
    async (request, reply) => {
      if ((await repo.count(app.db)) >= INDEX_PICTURES_MAX) throw validationError({ image: [M.tooMany] });
      const { fields, images } = await saveUploadedImages(request, {
        field: 'image',
        use: 'picture',
        max: 1,
        required: true,
        fields: uploadFieldsSchema,
      });
      const image = images[0]!;
      const picture = await app.db.transaction(async (tx) => {
        const created = await repo.insert(tx, {
          imageKey: image.key,
          url: image.url,
          width: image.width,
          height: image.height,
          alt: fields.alt,
          createdBy: request.auth!.userId,
        });
        await audit(tx, {
          actor: request.auth!,
          action: 'index_picture.create',
          table: 'index_pictures',
          id: created.id,
          after: logged(created),
        });
        return created;
      });
      return reply.code(201).send(picture);
    },
  );

  app.put(
    '/api/index-pictures/order',
    {
      config: { access: 'staff' },
      schema: { body: orderIndexPicturesSchema, response: { 200: indexPictureListSchema, ...errors } },
    },
    async (request) => {
      const wanted = request.body.ids;
      await app.db.transaction(async (tx) => {
        const ids = await repo.lockIds(tx);
        const same =
          ids.length === wanted.length && [...wanted].sort((a, b) => a - b).every((id, i) => id === ids[i]);
        if (!same) throw validationError({ ids: [M.staleOrder] });
        const before = (await repo.listAll(tx)).map((p) => p.id);
        await repo.setOrder(tx, wanted);
        await audit(tx, {
          actor: request.auth!,
          action: 'index_picture.order',
          table: 'index_pictures',
          id: 'order',
          before: { order: before },
          after: { order: wanted },
        });
      });
      return { items: await repo.listAll(app.db) };
    },
  );

  app.put(
    '/api/index-pictures/:id',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: updateIndexPictureSchema,
        response: { 200: indexPictureSchema, ...errors },
      },
    },
    async (request) => {
      const picture = await app.db.transaction(async (tx) => {
        const before = await repo.lock(tx, request.params.id);
        if (!before) return null;
        const after = (await repo.update(tx, request.params.id, request.body))!;
        await audit(tx, {
          actor: request.auth!,
          action: 'index_picture.update',
          table: 'index_pictures',
          id: after.id,
          before: logged(before),
          after: logged(after),
        });
        return after;
      });
      if (!picture) throw new HttpError(404, M.notFound);
      return picture;
    },
  );

  app.delete(
    '/api/index-pictures/:id',
    {
      config: { access: 'staff' },
      schema: { params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      const key = await app.db.transaction(async (tx) => {
        const before = await repo.lock(tx, request.params.id);
        if (!before) return null;
        const removed = await repo.remove(tx, request.params.id);
        await audit(tx, {
          actor: request.auth!,
          action: 'index_picture.delete',
          table: 'index_pictures',
          id: before.id,
          before: logged(before),
        });
        return removed;
      });
      if (!key) throw new HttpError(404, M.notFound);
      await app.images.delete(key).catch((err: unknown) => request.log.warn({ err, key }, 'image kept'));
      return { message: M.deleted };
    },
  );
};
