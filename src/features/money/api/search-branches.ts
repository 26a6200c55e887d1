import { bankListSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/banks/{code}/branches?q=: the branches of one bank (nothing asked before a bank is chosen). */
export function searchBranches(bankCode: string, q: string, signal?: AbortSignal) {
  if (!/^[0-9]{4}$/.test(bankCode)) return Promise.resolve({ items: [] });
  return call(
    bankListSchema,
    { method: 'GET', path: `/api/banks/${bankCode}/branches`, query: { q } },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
