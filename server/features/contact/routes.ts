import type { FastifyPluginAsync } from 'fastify';
import {
  errorSchema,
  handlingListQuerySchema,
  handlingUpdateSchema,
  idParamsSchema,
} from '../../../contracts/common.ts';
import {
  contactItemSchema,
  contactListSchema,
  contactReceiptSchema,
  contactRequestSchema,
  myContactListSchema,
} from '../../../contracts/contact.ts';
import { notify } from '../../platform/notify/outbox.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { ContactService } from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema };

/** Issue 9: `/contact` sends here; staff read and handle the messages on `/admin-contact`. */
export const contactRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const contact = new ContactService({
    db: fastify.db,
    outbox: (tx, input) => notify(fastify, tx, input),
    operatorsEmail: fastify.env.CONTACT_MAIL_TO,
    counters: fastify.counters,
  });

  app.post(
    '/api/contact',
    {
      config: { access: 'user' },
      schema: { body: contactRequestSchema, response: { 201: contactReceiptSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await contact.send(request.auth!.userId, request.ip, request.body)),
  );

  app.get(
    '/api/contact',
    {
      config: { access: 'staff' },
      schema: { querystring: handlingListQuerySchema, response: { 200: contactListSchema, ...errors } },
    },
    (request) => contact.list(request.query),
  );

  app.get(
    '/api/contact/mine',
    { config: { access: 'user' }, schema: { response: { 200: myContactListSchema, ...errors } } },
    (request) => contact.mine(request.auth!.userId),
  );

  app.put(
    '/api/contact/:id',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: handlingUpdateSchema,
        response: { 200: contactItemSchema, ...errors },
      },
    },
    (request) => contact.update(request.params.id, request.body, request.auth!),
  );
};
