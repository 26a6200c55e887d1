import {
  pushDeviceSchema,
  type PushSubscriptionCreate,
} from '../../../../contracts/notification-settings.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/push-subscriptions: this browser's push subscription (PushSubscription.toJSON()). */
export function addPushDevice(body: PushSubscriptionCreate) {
  return call(pushDeviceSchema, { method: 'POST', path: '/api/push-subscriptions', body }, { quiet: true });
}
