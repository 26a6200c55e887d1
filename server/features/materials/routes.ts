import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorSchema, idParamsSchema } from '../../../contracts/common.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { MaterialsService } from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };
const fileName = (screenName: string, ext: string) =>
  `attachment; filename="focustar-${screenName.replace(/[^A-Za-z0-9_-]/g, '')}-${ext}"`;

/** Issue 16: the selected shop's QR code and POP (members of its company, and staff). */
export const materialRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new MaterialsService(app.db, app.env.APP_URL);
  const text = { params: idParamsSchema, response: { 200: z.string(), ...errors } };
  // PNG and PDF bytes: the answer is the file itself.
  const binary = { params: idParamsSchema, response: { 200: z.instanceof(Buffer), ...errors } };

  app.get(
    '/api/materials/:id/qr.svg',
    { config: { access: 'user' }, schema: text },
    async (request, reply) => {
      const { svg, shop } = await service.qrSvg(request.params.id, request.auth!);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Content-Disposition', fileName(shop.screenName, 'qr.svg'))
        .header('Cache-Control', 'private, no-store')
        .send(svg);
    },
  );

  app.get(
    '/api/materials/:id/qr.png',
    { config: { access: 'user' }, schema: binary },
    async (request, reply) => {
      const { png, shop } = await service.qrPng(request.params.id, request.auth!);
      return reply
        .type('image/png')
        .header('Content-Disposition', fileName(shop.screenName, 'qr.png'))
        .header('Cache-Control', 'private, no-store')
        .send(png);
    },
  );

  app.get(
    '/api/materials/:id/pop.pdf',
    { config: { access: 'user' }, schema: binary },
    async (request, reply) => {
      const { pdf, shop } = await service.popPdf(request.params.id, request.auth!);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', fileName(shop.screenName, 'pop-a6.pdf'))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
