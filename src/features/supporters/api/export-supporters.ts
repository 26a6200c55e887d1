import { z } from 'zod';
import type { SupporterListQuery } from '../../../../contracts/supporters.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/users/export (staff): the same list as CSV text (UTF-8 with a BOM, for Excel). */
export function exportSupporters(query: SupporterListQuery) {
  const { cursor: _cursor, ...filters } = query;
  return call(z.string(), { method: 'GET', path: '/api/users/export', query: filters });
}
