import { type Platform, type RejectUnitRequest, unitSchema } from '../../../../contracts/advertisements.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

const post = (unitId: number, action: string, body?: object) =>
  call(unitSchema, {
    method: 'POST',
    path: `/api/units/${requireId(unitId)}/${action}`,
    ...(body ? { body } : {}),
  });

/** POST /api/units/{id}/accept: the supporter takes the offer (posting on `platform`). */
export const acceptUnit = (unitId: number, platform?: Platform) =>
  post(unitId, 'accept', platform ? { platform } : {});
/** POST /api/units/{id}/decline. */
export const declineUnit = (unitId: number) => post(unitId, 'decline');
/** POST /api/units/{id}/proof: the post's URL. */
export const submitProof = (unitId: number, postUrl: string) => post(unitId, 'proof', { post_url: postUrl });
/** POST /api/units/{id}/approve (shop or staff): the reward is credited. */
export const approveUnit = (unitId: number) => post(unitId, 'approve');
/** POST /api/units/{id}/reject (shop or staff): a reason from the fixed list. */
export const rejectUnit = (unitId: number, body: RejectUnitRequest) => post(unitId, 'reject', body);
