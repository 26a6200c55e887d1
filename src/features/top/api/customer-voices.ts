import {
  type CreateVoice,
  type UpdateVoice,
  voiceAnswerSchema,
  voiceListSchema,
} from '../../../../contracts/achievements.ts';
import { messageResponseSchema } from '../../../../contracts/common.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/customer-voices (staff): every voice, in the top page's order. */
export function listVoices(signal?: AbortSignal) {
  return call(voiceListSchema, { method: 'GET', path: '/api/customer-voices' }, signal ? { signal } : {});
}

/** POST /api/customer-voices (staff). The form shows the errors; the message is a toast. */
export function createVoice(body: CreateVoice) {
  return call(voiceAnswerSchema, { method: 'POST', path: '/api/customer-voices', body });
}

/** PUT /api/customer-voices/{id} (staff): text, published, order. */
export function updateVoice(voiceId: number, body: UpdateVoice) {
  const id = requireId(voiceId);
  return call(voiceAnswerSchema, { method: 'PUT', path: `/api/customer-voices/${id}`, body });
}

/** DELETE /api/customer-voices/{id} (staff). */
export function deleteVoice(voiceId: number) {
  const id = requireId(voiceId);
  return call(messageResponseSchema, { method: 'DELETE', path: `/api/customer-voices/${id}` });
}
