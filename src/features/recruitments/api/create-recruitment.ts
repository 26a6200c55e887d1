import { recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/recruitments (staff): the form's fields and up to 6 images, as multipart/form-data. */
export function createRecruitment(form: FormData) {
  return call(recruitmentSchema, { method: 'POST', path: '/api/recruitments', body: form });
}
