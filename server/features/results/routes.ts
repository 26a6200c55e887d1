import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errorSchema } from '../../../contracts/common.ts';
import { dashboardSchema, resultsQuerySchema, resultsSchema } from '../../../contracts/results.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { ResultsService, resultsCsv } from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/**
 * Issue 27 (ADR 0165): `GET /api/results` for the members of a shop's company (and staff; the membership
 * check is in the SQL, another shop looks like none), as JSON or, with `format=csv`, as CSV; and
 * `GET /api/dashboard`, the operators' twelve months, for admins.
 */
export const resultsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new ResultsService(app.db);

  app.get(
    '/api/results',
    {
      config: { access: 'user' },
      schema: {
        querystring: resultsQuerySchema,
        response: { 200: z.union([resultsSchema, z.string()]), ...errors },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      // The CSV lists every approved post; the JSON the most clicked (ADR 0168).
      const results = await service.results(request.auth!, query, { allPosts: format === 'csv' });
      if (format !== 'csv') return results;
      const name = `focustar-results-${results.shop.id}${results.advertisement ? `-ad${results.advertisement.id}` : ''}-${results.from.replace(/-/g, '')}-${results.to.replace(/-/g, '')}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(resultsCsv(results));
    },
  );

  app.get(
    '/api/dashboard',
    { config: { access: 'admin' }, schema: { response: { 200: dashboardSchema, ...errors } } },
    async () => service.dashboard(),
  );
};
