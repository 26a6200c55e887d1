import { recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/recruitments/{id}/draw (staff): the lottery, once. */
export function drawWinners(recruitmentId: number) {
  const id = requireId(recruitmentId);
  return call(recruitmentSchema, { method: 'POST', path: `/api/recruitments/${id}/draw` });
}
