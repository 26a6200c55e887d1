import { messageResponseSchema } from '../../../../contracts/common.ts';
import { call } from '../../../platform/request/request.ts';

/** DELETE /api/push-subscriptions/{id}: one of the person's own devices stops receiving push. */
export function removePushDevice(id: number) {
  return call(
    messageResponseSchema,
    { method: 'DELETE', path: `/api/push-subscriptions/${id}` },
    { quiet: true },
  );
}
