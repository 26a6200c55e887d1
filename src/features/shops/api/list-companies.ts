import { type CompanyListQuery, staffCompanyPageSchema } from '../../../../contracts/shops.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/companies (staff): companies with their members, 50 a page. */
export function listCompanies(query: CompanyListQuery, signal?: AbortSignal) {
  return call(
    staffCompanyPageSchema,
    { method: 'GET', path: '/api/companies', query },
    signal ? { signal } : {},
  );
}
