import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorSchema, idParamsSchema } from '../../../contracts/common.ts';
import {
  bankAccountAnswerSchema,
  bankAccountInputSchema,
  bankCodeParamsSchema,
  bankListSchema,
  bankSearchQuerySchema,
  batchCreatedSchema,
  batchCreateSchema,
  batchDetailQuerySchema,
  batchDetailSchema,
  batchListSchema,
  batchSchema,
  lineFailedSchema,
  billingQuerySchema,
  billingSchema,
  cardSaveSchema,
  cardSetupSchema,
  invoiceListQuerySchema,
  invoicePaymentInputSchema,
  invoicePaymentRecordedSchema,
  invoiceQuerySchema,
  paymentMethodInputSchema,
  staffInvoiceListSchema,
  stripeBankSavedSchema,
  stripeBankSchema,
  supporterPaymentsSchema,
} from '../../../contracts/money.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { BillingService } from './billing.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };
/** Routes that call the payment provider may also answer 503 (Stripe could not be reached). */
const providerErrors = { ...errors, 503: errorSchema };
const user = { access: 'user' } as const;
const staff = { access: 'staff' } as const;
/** Product design section 1: payouts are the admins' (moving money, exporting account numbers). */
const admin = { access: 'admin' } as const;

const fileName = (month: string, ext: string) =>
  `attachment; filename="focustar-payout-${month.replace('-', '')}.${ext}"`;

/** Issue 14: bank accounts, the bank master, payout batches and the supporter's payments. */
export const moneyRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const money = () => fastify.money;
  const billing = new BillingService(
    fastify.db,
    fastify.env,
    () => new Date(),
    fastify.money.provider,
    fastify.log,
  );

  app.get(
    '/api/billing',
    {
      config: user,
      schema: { querystring: billingQuerySchema, response: { 200: billingSchema, ...errors } },
    },
    (request) => billing.billing(request.auth!.userId, request.query.before),
  );

  app.get(
    '/api/billing/invoice',
    {
      config: user,
      schema: { querystring: invoiceQuerySchema, response: { 200: z.instanceof(Buffer), ...errors } },
    },
    async (request, reply) => {
      const pdf = await billing.invoicePdf(request.auth!.userId, request.query.month);
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="focustar-invoice-${request.query.month.replace('-', '')}.pdf"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  /* ---- card payment through Stripe Elements (ADR 0112): the shop's company ---- */

  app.post(
    '/api/billing/card/setup',
    { config: user, schema: { response: { 200: cardSetupSchema, ...providerErrors } } },
    (request) => billing.cardSetup(request.auth!.userId),
  );

  app.post(
    '/api/billing/card',
    { config: user, schema: { body: cardSaveSchema, response: { 200: billingSchema, ...providerErrors } } },
    (request) => billing.saveCard(request.auth!.userId, request.body.setup_intent_id),
  );

  app.put(
    '/api/billing/method',
    { config: user, schema: { body: paymentMethodInputSchema, response: { 200: billingSchema, ...errors } } },
    (request) => billing.setMethod(request.auth!.userId, request.body.method),
  );

  /* ---- invoice payments received (ADR 0113): staff ---- */

  app.get(
    '/api/billing/invoices',
    {
      config: staff,
      schema: { querystring: invoiceListQuerySchema, response: { 200: staffInvoiceListSchema, ...errors } },
    },
    (request) => billing.invoicesOfMonth(request.query.month),
  );

  app.post(
    '/api/billing/invoices/payments',
    {
      config: staff,
      schema: {
        body: invoicePaymentInputSchema,
        response: { 200: invoicePaymentRecordedSchema, 201: invoicePaymentRecordedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const recorded = await billing.recordPayment(request.auth!.userId, request.body, request.auth!);
      return reply.code(recorded.created ? 201 : 200).send(recorded);
    },
  );

  // Issue 29 (ADR 0173): Stripe's webhooks, in a scope of their own (they read the raw body).
  await fastify.register(stripeWebhookRoutes);

  /* ---- bank registration through Stripe (ADR 0111) ---- */

  app.get(
    '/api/stripe/bank',
    { config: user, schema: { response: { 200: stripeBankSchema, ...errors } } },
    (request) => money().stripeBank(request.auth!.userId),
  );

  app.post(
    '/api/stripe/bank',
    {
      config: user,
      schema: { body: bankAccountInputSchema, response: { 200: stripeBankSavedSchema, ...providerErrors } },
    },
    (request) => money().saveStripeBank(request.auth!.userId, request.body),
  );

  app.get(
    '/api/bank-account',
    { config: user, schema: { response: { 200: bankAccountAnswerSchema, ...errors } } },
    (request) => money().account(request.auth!.userId),
  );

  app.put(
    '/api/bank-account',
    {
      config: user,
      schema: { body: bankAccountInputSchema, response: { 200: bankAccountAnswerSchema, ...errors } },
    },
    (request) => money().saveAccount(request.auth!.userId, request.body),
  );

  app.get(
    '/api/banks',
    {
      config: user,
      schema: { querystring: bankSearchQuerySchema, response: { 200: bankListSchema, ...errors } },
    },
    (request) => money().banks(request.query.q),
  );

  app.get(
    '/api/banks/:code/branches',
    {
      config: user,
      schema: {
        params: bankCodeParamsSchema,
        querystring: bankSearchQuerySchema,
        response: { 200: bankListSchema, ...errors },
      },
    },
    (request) => money().branches(request.params.code, request.query.q),
  );

  app.get(
    '/api/payments',
    { config: user, schema: { response: { 200: supporterPaymentsSchema, ...errors } } },
    (request) => money().payments(request.auth!.userId),
  );

  app.get(
    '/api/payments/batches',
    { config: staff, schema: { response: { 200: batchListSchema, ...errors } } },
    () => money().listBatches(),
  );

  app.post(
    '/api/payments/batches',
    {
      config: admin,
      schema: {
        body: batchCreateSchema,
        response: { 200: batchCreatedSchema, 201: batchCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const built = await money().build(request.body.month, request.auth!.userId, request.auth!);
      return reply.code(built.created ? 201 : 200).send(built);
    },
  );

  app.get(
    '/api/payments/batches/:id',
    {
      config: staff,
      schema: {
        params: idParamsSchema,
        querystring: batchDetailQuerySchema,
        response: { 200: batchDetailSchema, ...errors },
      },
    },
    (request) => money().batch(request.params.id, request.query.q, request.query.cursor),
  );

  app.get(
    '/api/payments/batches/:id/zengin',
    { config: admin, schema: { params: idParamsSchema, response: { 200: z.instanceof(Buffer), ...errors } } },
    async (request, reply) => {
      const { file, batch } = await money().zengin(request.params.id, request.auth!);
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', fileName(batch.month, 'txt'))
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );

  app.get(
    '/api/payments/batches/:id/csv',
    { config: staff, schema: { params: idParamsSchema, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const { csv, batch } = await money().csv(request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', fileName(batch.month, 'csv'))
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/payments/batches/:id/paid',
    { config: admin, schema: { params: idParamsSchema, response: { 200: batchSchema, ...errors } } },
    (request) => money().markPaid(request.params.id, request.auth!),
  );

  app.post(
    '/api/payments/lines/:id/failed',
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: lineFailedSchema.optional(),
        response: { 200: batchDetailSchema, ...errors },
      },
    },
    (request) => money().markFailed(request.params.id, request.body?.note ?? '', request.auth!),
  );
};
