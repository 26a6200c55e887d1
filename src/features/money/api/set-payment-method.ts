import { billingSchema, type PaymentMethod } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/billing/method: invoice (bank transfer) or the saved card. */
export function setPaymentMethod(method: PaymentMethod) {
  return call(billingSchema, { method: 'PUT', path: '/api/billing/method', body: { method } });
}
