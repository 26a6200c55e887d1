import { type CompanyRequest, companySchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/companies/{id}: the company's details, by its members and staff (issue 12). */
export function updateCompany(companyId: number, body: CompanyRequest) {
  const id = requireId(companyId);
  return call(companySchema, { method: 'PUT', path: `/api/companies/${id}`, body });
}
