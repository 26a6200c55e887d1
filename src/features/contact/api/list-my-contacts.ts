import { myContactListSchema } from '../../../../contracts/contact.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/contact/mine (signed in, issue 25 (10)): one's own contact messages and their state. */
export function listMyContacts(signal?: AbortSignal) {
  return call(myContactListSchema, { method: 'GET', path: '/api/contact/mine' }, signal ? { signal } : {});
}
