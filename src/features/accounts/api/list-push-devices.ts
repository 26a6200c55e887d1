import { pushDevicesResponseSchema } from '../../../../contracts/notification-settings.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/push-subscriptions: the person's devices that receive push, and the key to subscribe with. */
export function listPushDevices(signal?: AbortSignal) {
  return call(
    pushDevicesResponseSchema,
    { method: 'GET', path: '/api/push-subscriptions' },
    signal ? { signal } : {},
  );
}
