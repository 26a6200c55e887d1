import { type ContactRequest, contactReceiptSchema } from '../../../../contracts/contact.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * POST /api/contact: the operators get the message; the sender gets a receipt by mail. The form shows the answer (the receipt, or the
 * errors next to the fields), so no toast repeats it.
 */
export function sendContact(body: ContactRequest) {
  return call(contactReceiptSchema, { method: 'POST', path: '/api/contact', body }, { quiet: true });
}
