import { type CompanyRequest, companySchema } from '../../../../contracts/shops.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/companies: an advertiser's application; the company starts 審査中 (issue 12). */
export function createCompany(body: CompanyRequest) {
  return call(companySchema, { method: 'POST', path: '/api/companies', body });
}
