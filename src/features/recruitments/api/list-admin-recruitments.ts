import {
  type AdminRecruitmentPage,
  adminRecruitmentPageSchema,
  type AdminRecruitmentQuery,
} from '../../../../contracts/recruitments.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/recruitments/all (staff): every recruitment with its entry count, newest first, 50 a page. */
export function listAdminRecruitments(
  query: AdminRecruitmentQuery,
  signal?: AbortSignal,
): Promise<AdminRecruitmentPage> {
  return call(
    adminRecruitmentPageSchema,
    { method: 'GET', path: '/api/recruitments/all', query: { ...query } },
    signal ? { signal } : {},
  );
}
