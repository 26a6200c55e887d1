import { type BankAccountInput, stripeBankSavedSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/stripe/bank: registers the payout account through Stripe (sets is_stripe_verified). */
export function saveStripeBank(body: BankAccountInput) {
  return call(stripeBankSavedSchema, { method: 'POST', path: '/api/stripe/bank', body });
}
