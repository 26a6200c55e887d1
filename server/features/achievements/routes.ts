import type { FastifyPluginAsync } from 'fastify';
import {
  ACHIEVEMENTS_TTL_S,
  type Achievements,
  achievementsSchema,
  createVoiceSchema,
  updateVoiceSchema,
  VOICE_MESSAGES as M,
  voiceAnswerSchema,
  voiceListSchema,
  VOICES_MAX,
  VOICES_SHOWN,
} from '../../../contracts/achievements.ts';
import { errorSchema, idParamsSchema, messageResponseSchema } from '../../../contracts/common.ts';
import { audit } from '../../platform/audit.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import * as repo from './repo.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
/** A voice's fields as the staff audit log keeps them (issue 24). */
const logged = (
  v: { name: string; kind: string; body: string; published: boolean; position: number } | null,
) => (v ? { name: v.name, kind: v.kind, body: v.body, published: v.published, position: v.position } : {});

/**
 * Issue 16 / product design section 6 (ADR 0094): the top page's figures and customer voices. The
 * figures are counted at most once per ACHIEVEMENTS_TTL_S (a busy top page does not count every table on
 * every visit); a staff change of the voices drops the cached answer at once. Issue 17 (ADR 0140): the
 * cache is the app's shared one (Redis with several processes), so a change made through one process is
 * seen through every other at once.
 */
export const achievementRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const CACHE_KEY = 'achievements';
  /** This process's count in flight: the requests that miss together share it. */
  let counting: Promise<Achievements> | null = null;
  // NOTE: a count in flight while staff change a voice may store the figures read just before the change;
  // the window is one count long (milliseconds), the cost at most one TTL of the old voices.
  const forget = () => app.cache.del(CACHE_KEY);

  const count = async (): Promise<Achievements> => ({
    ...(await repo.figures(app.db)),
    voices: await repo.publishedVoices(app.db, VOICES_SHOWN),
    counted_at: new Date().toISOString(),
  });

  app.get(
    '/api/achievements',
    { config: { access: 'public' }, schema: { response: { 200: achievementsSchema, ...errors } } },
    async () => {
      // NOTE: the platform answers every API call `no-store` (security plugin); the cache is this one.
      const cached = await app.cache.get<Achievements>(CACHE_KEY);
      if (cached) return cached;
      // A failed count is not kept.
      counting ??= count()
        .then(async (value) => {
          await app.cache.set(CACHE_KEY, value, ACHIEVEMENTS_TTL_S * 1000);
          return value;
        })
        .finally(() => {
          counting = null;
        });
      return counting;
    },
  );

  app.get(
    '/api/customer-voices',
    { config: { access: 'staff' }, schema: { response: { 200: voiceListSchema, ...errors } } },
    async () => ({ items: await repo.listAll(app.db) }),
  );

  app.post(
    '/api/customer-voices',
    {
      config: { access: 'staff' },
      schema: { body: createVoiceSchema, response: { 201: voiceAnswerSchema, ...errors } },
    },
    async (request, reply) => {
      if ((await repo.count(app.db)) >= VOICES_MAX) throw validationError({ body: [M.tooMany] });
      const item = await app.db.transaction(async (tx) => {
        const created = await repo.insert(tx, { ...request.body, createdBy: request.auth!.userId });
        await audit(tx, {
          actor: request.auth!,
          action: 'customer_voice.create',
          table: 'customer_voices',
          id: created.id,
          after: logged(created),
        });
        return created;
      });
      await forget();
      return reply.code(201).send({ message: M.created, item });
    },
  );

  app.put(
    '/api/customer-voices/:id',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: updateVoiceSchema,
        response: { 200: voiceAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const item = await app.db.transaction(async (tx) => {
        const before = await repo.lock(tx, request.params.id);
        if (!before) return null;
        const after = (await repo.update(tx, request.params.id, {
          ...(b.name !== undefined ? { name: b.name } : {}),
          ...(b.kind !== undefined ? { kind: b.kind } : {}),
          ...(b.body !== undefined ? { body: b.body } : {}),
          ...(b.published !== undefined ? { published: b.published } : {}),
          ...(b.position !== undefined ? { position: b.position } : {}),
        }))!;
        await audit(tx, {
          actor: request.auth!,
          action: 'customer_voice.update',
          table: 'customer_voices',
          id: after.id,
          before: logged(before),
          after: logged(after),
        });
        return after;
      });
      if (!item) throw new HttpError(404, M.notFound);
      await forget();
      return { message: M.saved, item };
    },
  );

  app.delete(
    '/api/customer-voices/:id',
    {
      config: { access: 'staff' },
      schema: { params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      const removed = await app.db.transaction(async (tx) => {
        const before = await repo.lock(tx, request.params.id);
        if (!before) return false;
        await repo.remove(tx, request.params.id);
        await audit(tx, {
          actor: request.auth!,
          action: 'customer_voice.delete',
          table: 'customer_voices',
          id: before.id,
          before: logged(before),
        });
        return true;
      });
      if (!removed) throw new HttpError(404, M.notFound);
      await forget();
      return { message: M.deleted };
    },
  );
};
