import { cardSetupSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/billing/card/setup: a SetupIntent for the company; its client secret goes to Stripe Elements. */
export function startCardSetup() {
  return call(cardSetupSchema, { method: 'POST', path: '/api/billing/card/setup' });
}
