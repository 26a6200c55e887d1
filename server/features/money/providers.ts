import { type Env, paymentProviderOf } from '../../platform/env.ts';
import type { PaymentProvider } from './provider.ts';
import { StandinPaymentProvider } from './standin.ts';
import { StripePaymentProvider } from './stripe.ts';

/** The configured provider, or null when none is (production without Stripe, or PAYMENT_PROVIDER=off). */
export function createPaymentProvider(env: Env): PaymentProvider | null {
  switch (paymentProviderOf(env)) {
    case 'stripe':
      return new StripePaymentProvider({
        secretKey: env.STRIPE_SECRET_KEY!,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
        apiUrl: env.STRIPE_API_URL,
      });
    case 'standin':
      return new StandinPaymentProvider();
    default:
      return null;
  }
}
