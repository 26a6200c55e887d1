import { bankListSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/banks?q=: banks of the Zengin master by code, name or reading (searched on the server). */
export function searchBanks(q: string, signal?: AbortSignal) {
  return call(
    bankListSchema,
    { method: 'GET', path: '/api/banks', query: { q } },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
