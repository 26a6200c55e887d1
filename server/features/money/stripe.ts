import Stripe from 'stripe';
import {
  type BankAccountStatus,
  type BankDetails,
  type CardSummary,
  type ExternalBankAccount,
  type PaymentIntent,
  type PaymentIntentStatus,
  type PaymentProvider,
  PaymentProviderError,
  type SavedCardCharge,
  type SetupIntent,
  type SetupIntentStatus,
} from './provider.ts';

/**
 * Stripe's API through the official SDK (issue 29, ADR 0110 and ADR 0173): the SDK pins the API version
 * its types were written for, retries what Stripe says may be retried (with the same idempotency key), and
 * sends an idempotency key on the creating POSTs. Its errors become a PaymentProviderError. `apiUrl` is
 * https://api.stripe.com in production; tests point it at a local server that answers like Stripe
 * (tests/support/stripe.ts).
 */

/** The API version the SDK's types were written against (its Stripe-Version header). */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';
const TIMEOUT_MS = 15_000;
/** Retries of a failed connection or a 409/429/5xx that Stripe marks retryable (same idempotency key). */
const NETWORK_RETRIES = 2;

type Json = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function cardOf(pm: unknown): CardSummary | null {
  if (!pm || typeof pm !== 'object') return null;
  const o = pm as Json;
  const card = o.card as Json | undefined;
  if (o.type !== 'card' || !card) return null;
  return {
    paymentMethodId: String(o.id),
    brand: String(card.brand ?? 'unknown'),
    last4: String(card.last4 ?? ''),
    expMonth: Number(card.exp_month ?? 0),
    expYear: Number(card.exp_year ?? 0),
  };
}

export function setupIntentOf(o: Json): SetupIntent {
  return {
    id: String(o.id),
    clientSecret: str(o.client_secret),
    status: String(o.status) as SetupIntentStatus,
    // `customer` and `payment_method` are ids, or objects when expanded.
    customer:
      typeof o.customer === 'object' && o.customer ? String((o.customer as Json).id) : str(o.customer),
    card: cardOf(o.payment_method),
    metadata: (o.metadata as Record<string, string> | undefined) ?? {},
  };
}

export function paymentIntentOf(o: Json): PaymentIntent {
  const err = (o.last_payment_error ?? null) as Json | null;
  return {
    id: String(o.id),
    status: String(o.status) as PaymentIntentStatus,
    amount: Number(o.amount ?? 0),
    customer:
      typeof o.customer === 'object' && o.customer ? String((o.customer as Json).id) : str(o.customer),
    metadata: (o.metadata as Record<string, string> | undefined) ?? {},
    lastErrorCode: err ? (str(err.decline_code) ?? str(err.code)) : null,
  };
}

export function bankAccountOf(o: Json, accountId: string): ExternalBankAccount {
  return {
    id: String(o.id),
    accountId: str(o.account) ?? accountId,
    status: String(o.status ?? 'new') as BankAccountStatus,
    bankName: str(o.bank_name),
    last4: String(o.last4 ?? ''),
  };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(options: { secretKey: string; publishableKey: string; apiUrl: string }) {
    this.publishableKey = options.publishableKey;
    this.stripe = stripeClient(options.secretKey, options.apiUrl);
  }

  /** One call of the SDK; its errors become PaymentProviderError (never carrying the request). */
  private async call<T>(what: string, run: () => Promise<T>): Promise<Json> {
    try {
      return (await run()) as unknown as Json;
    } catch (err) {
      throw providerErrorOf(err, what);
    }
  }

  async createCustomer(input: { name: string; metadata: Record<string, string> }, idempotencyKey: string) {
    const o = await this.call('POST /v1/customers', () =>
      this.stripe.customers.create({ name: input.name, metadata: input.metadata }, { idempotencyKey }),
    );
    return { id: String(o.id) };
  }

  async createSetupIntent(input: {
    customer: string;
    metadata: Record<string, string>;
  }): Promise<SetupIntent> {
    const o = await this.call('POST /v1/setup_intents', () =>
      this.stripe.setupIntents.create({
        customer: input.customer,
        allowed_payment_method_types: ['card'],
        // Saved for the monthly invoice, charged without the shop at the screen.
        usage: 'off_session',
        metadata: input.metadata,
      }),
    );
    return setupIntentOf(o);
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntent> {
    const o = await this.call('GET /v1/setup_intents/:id', () =>
      this.stripe.setupIntents.retrieve(id, { expand: ['payment_method'] }),
    );
    return setupIntentOf(o);
  }

  async detachPaymentMethod(id: string): Promise<void> {
    await this.call('POST /v1/payment_methods/:id/detach', () => this.stripe.paymentMethods.detach(id));
  }

  async chargeSavedCard(input: SavedCardCharge, idempotencyKey: string): Promise<PaymentIntent> {
    const o = await this.call('POST /v1/payment_intents', () =>
      this.stripe.paymentIntents.create(
        {
          // JPY is zero-decimal: the amount is yen, not hundredths.
          amount: input.amount,
          currency: 'jpy',
          customer: input.customer,
          payment_method: input.paymentMethod,
          allowed_payment_method_types: ['card'],
          // The shop is not at the screen: Stripe declines (authentication_required) rather than wait for 3-D Secure.
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey },
      ),
    );
    return paymentIntentOf(o);
  }

  async createPayoutAccount(input: { metadata: Record<string, string> }, idempotencyKey: string) {
    const o = await this.call('POST /v1/accounts', () =>
      this.stripe.accounts.create(
        {
          type: 'custom',
          country: 'JP',
          business_type: 'individual',
          default_currency: 'jpy',
          capabilities: { transfers: { requested: true } },
          // Payouts to the bank are this service's own (the monthly Zengin transfer), not Stripe's schedule.
          settings: { payouts: { schedule: { interval: 'manual' } } },
          metadata: input.metadata,
        },
        { idempotencyKey },
      ),
    );
    return { id: String(o.id) };
  }

  async addBankAccount(accountId: string, bank: BankDetails): Promise<ExternalBankAccount> {
    const o = await this.call('POST /v1/accounts/:id/external_accounts', () =>
      this.stripe.accounts.createExternalAccount(accountId, {
        external_account: {
          object: 'bank_account',
          country: 'JP',
          currency: 'jpy',
          routing_number: bank.routingNumber,
          account_number: bank.accountNumber,
          account_holder_name: bank.holderName,
          account_holder_type: 'individual',
        },
        default_for_currency: true,
      }),
    );
    return bankAccountOf(o, accountId);
  }

  async retrieveBankAccount(accountId: string, bankAccountId: string): Promise<ExternalBankAccount> {
    const o = await this.call('GET /v1/accounts/:id/external_accounts/:id', () =>
      this.stripe.accounts.retrieveExternalAccount(accountId, bankAccountId),
    );
    return bankAccountOf(o, accountId);
  }

  async deleteBankAccount(accountId: string, bankAccountId: string): Promise<void> {
    await this.call('DELETE /v1/accounts/:id/external_accounts/:id', () =>
      this.stripe.accounts.deleteExternalAccount(accountId, bankAccountId),
    );
  }

  async deletePayoutAccount(accountId: string): Promise<void> {
    await this.call('DELETE /v1/accounts/:id', () => this.stripe.accounts.del(accountId));
  }
}

/** The SDK pointed at `apiUrl` (Stripe's host in production, a local server in tests). */
export function stripeClient(secretKey: string, apiUrl: string): Stripe {
  const url = new URL(apiUrl);
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'focustar' },
  });
}

/** Stripe's error as this service reads it; the message names the call only (a body may hold a bank number). */
export function providerErrorOf(err: unknown, what: string): PaymentProviderError {
  if (!(err instanceof Stripe.errors.StripeError))
    return new PaymentProviderError(0, 'api_connection_error', null, null, `Stripe failed (${what})`);
  if (err instanceof Stripe.errors.StripeConnectionError || err.statusCode === undefined)
    return new PaymentProviderError(
      0,
      'api_connection_error',
      null,
      null,
      `Stripe unreachable (${what}): ${err.type}`,
    );
  const intent = err.payment_intent ? paymentIntentOf(err.payment_intent as unknown as Json) : null;
  return new PaymentProviderError(
    err.statusCode,
    err.rawType ?? 'api_error',
    err.code ?? null,
    err.param ?? null,
    err.message || `Stripe answered ${err.statusCode}`,
    intent,
    err.decline_code ?? null,
  );
}
