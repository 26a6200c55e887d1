import { type Recruitment, recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/recruitments/{id}: one recruitment and its published draw (the id rule runs first). */
export function getRecruitment(recruitmentId: number, signal?: AbortSignal): Promise<Recruitment> {
  const id = requireId(recruitmentId);
  return call(
    recruitmentSchema,
    { method: 'GET', path: `/api/recruitments/${id}` },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
