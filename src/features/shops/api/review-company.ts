import { type CompanyReviewRequest, companySchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/companies/{id}/review (staff): the company's paid_status and the reason for the owner. */
export function reviewCompany(companyId: number, body: CompanyReviewRequest) {
  const id = requireId(companyId);
  return call(companySchema, { method: 'POST', path: `/api/companies/${id}/review`, body });
}
