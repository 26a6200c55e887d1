import {
  type FraudActionInput,
  fraudFlagSchema,
  type FraudListQuery,
  fraudPageSchema,
} from '../../../../contracts/fraud.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/fraud/flags (staff): open or closed flags, newest first, 50 a page. */
export function listFlags(query: FraudListQuery, signal?: AbortSignal) {
  return call(fraudPageSchema, { method: 'GET', path: '/api/fraud/flags', query }, signal ? { signal } : {});
}

/** POST /api/fraud/flags/{id}/actions (staff): 支払保留, 保留解除, アカウント停止 or 問題なし, with a note. */
export function actOnFlag(flagId: number, body: FraudActionInput) {
  return call(fraudFlagSchema, {
    method: 'POST',
    path: `/api/fraud/flags/${requireId(flagId)}/actions`,
    body,
  });
}
