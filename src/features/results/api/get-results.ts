import { z } from 'zod';
import { type ResultsQuery, resultsSchema } from '../../../../contracts/results.ts';
import { call } from '../../../platform/request/request.ts';

type Period = Omit<ResultsQuery, 'format'>;

const query = (q: Period) =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );

/** GET /api/results: a shop's results over a period, or of one of its requests (issue 27). */
export function getResults(q: Period, signal?: AbortSignal) {
  return call(
    resultsSchema,
    { method: 'GET', path: '/api/results', query: query(q) },
    signal ? { signal } : {},
  );
}

/** GET /api/results?format=csv: the same figures as CSV text (UTF-8 with a BOM, for Excel). */
export function downloadResultsCsv(q: Period) {
  return call(z.string(), { method: 'GET', path: '/api/results', query: { ...query(q), format: 'csv' } });
}
