import type { HandlingUpdate } from '../../../../contracts/common.ts';
import { contactItemSchema } from '../../../../contracts/contact.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/contact/{id} (staff): the status and the staff note of one contact message. */
export function updateContact(contactId: number, body: HandlingUpdate) {
  const id = requireId(contactId);
  return call(contactItemSchema, { method: 'PUT', path: `/api/contact/${id}`, body });
}
