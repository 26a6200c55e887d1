import { companySchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/companies/{id}: the company, for its members and staff (404 for anyone else). */
export function getCompany(companyId: number, signal?: AbortSignal) {
  const id = requireId(companyId);
  return call(companySchema, { method: 'GET', path: `/api/companies/${id}` }, signal ? { signal } : {});
}
