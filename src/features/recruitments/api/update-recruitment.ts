import { recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PATCH /api/recruitments/{id} (staff): the changed fields, and new photos, as multipart/form-data. */
export function updateRecruitment(recruitmentId: number, form: FormData) {
  const id = requireId(recruitmentId);
  return call(recruitmentSchema, { method: 'PATCH', path: `/api/recruitments/${id}`, body: form });
}
