import {
  type RecruitmentListQuery,
  type RecruitmentPage,
  recruitmentPageSchema,
} from '../../../../contracts/recruitments.ts';
import { type Ahead, ahead, call } from '../../../platform/request/request.ts';

/**
 * GET /api/recruitments (guests too): open recruitments (`stage=open`), or those in progress
 * (`stage=in-progress`, `/winner-picker`), filtered by shop, prefecture and category. A quiet read: the
 * list's empty state, not an error toast, when there is nothing.
 */
export function getRecruitments(query: RecruitmentListQuery, signal?: AbortSignal): Promise<RecruitmentPage> {
  return call(
    recruitmentPageSchema,
    { method: 'GET', path: '/api/recruitments', query: { ...query } },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}

/** The same answer when a guest's page came with it (ADR 0198), for the list's first render. */
export function getRecruitmentsAhead(query: RecruitmentListQuery): Ahead<RecruitmentPage> | null {
  return ahead(recruitmentPageSchema, { method: 'GET', path: '/api/recruitments', query: { ...query } });
}
