import { billingSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/billing/card: keeps the card a confirmed SetupIntent saved (the server reads it from Stripe). */
export function saveCard(setupIntentId: string) {
  return call(billingSchema, {
    method: 'POST',
    path: '/api/billing/card',
    body: { setup_intent_id: setupIntentId },
  });
}
