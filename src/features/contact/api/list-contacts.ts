import type { HandlingListQuery } from '../../../../contracts/common.ts';
import { contactListSchema } from '../../../../contracts/contact.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/contact (staff): contact messages, newest first, 50 a page. */
export function listContacts(query: HandlingListQuery) {
  return call(contactListSchema, { method: 'GET', path: '/api/contact', query });
}
