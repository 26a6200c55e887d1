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
 * Stripe's REST API over `fetch` (issue 14, ADR 0110): form-encoded requests to `{apiUrl}/v1/…` with the
 * secret key as a bearer token, a pinned API version, an idempotency key on the creating POSTs, and
 * Stripe's error object turned into a PaymentProviderError. No SDK: the handful of calls below is all
 * this service uses. `apiUrl` is https://api.stripe.com in production; tests point it at a local server
 * that answers like Stripe (tests/support/stripe.ts).
 */

/** The API version the objects below were written against (Stripe-Version header). */
export const STRIPE_API_VERSION = '2024-06-20';
const TIMEOUT_MS = 15_000;

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/**
 * Stripe's form encoding: nested objects as `a[b][c]=v`, arrays as `a[0]=v`; null and undefined are left
 * out (an empty string would unset the field at Stripe).
 */
export function stripeForm(params: Record<string, FormValue>): URLSearchParams {
  const out = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else out.append(key, String(value));
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return out;
}

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
  private readonly secretKey: string;
  private readonly apiUrl: string;

  constructor(options: { secretKey: string; publishableKey: string; apiUrl: string }) {
    this.secretKey = options.secretKey;
    this.publishableKey = options.publishableKey;
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
  }

  /** One call of Stripe's API; throws PaymentProviderError on anything but a 2xx JSON answer. */
  private async request(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: Record<string, FormValue> = {},
    idempotencyKey?: string,
  ): Promise<Json> {
    const form = stripeForm(params);
    const query = method === 'POST' || form.size === 0 ? '' : `?${form}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.secretKey}`,
      'stripe-version': STRIPE_API_VERSION,
    };
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}${path}${query}`, {
        method,
        headers,
        ...(method === 'POST' ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      // NOTE: the message names the path only: the request's body may hold a bank account number.
      throw new PaymentProviderError(
        0,
        'api_connection_error',
        null,
        null,
        `Stripe unreachable (${method} ${path}): ${(err as Error).name}`,
      );
    }
    let body: Json;
    try {
      body = (await res.json()) as Json;
    } catch {
      throw new PaymentProviderError(
        res.status,
        'api_error',
        null,
        null,
        `Stripe answered ${res.status} without JSON`,
      );
    }
    if (!res.ok || body.error) {
      const e = (body.error ?? {}) as Json;
      const intent =
        e.payment_intent && typeof e.payment_intent === 'object' ? (e.payment_intent as Json) : null;
      throw new PaymentProviderError(
        res.status,
        str(e.type) ?? 'api_error',
        str(e.code),
        str(e.param),
        str(e.message) ?? `Stripe answered ${res.status}`,
        intent ? paymentIntentOf(intent) : null,
        str(e.decline_code),
      );
    }
    return body;
  }

  async createCustomer(input: { name: string; metadata: Record<string, string> }, idempotencyKey: string) {
    const o = await this.request(
      'POST',
      '/v1/customers',
      { name: input.name, metadata: input.metadata },
      idempotencyKey,
    );
    return { id: String(o.id) };
  }

  async createSetupIntent(input: {
    customer: string;
    metadata: Record<string, string>;
  }): Promise<SetupIntent> {
    const o = await this.request('POST', '/v1/setup_intents', {
      customer: input.customer,
      payment_method_types: ['card'],
      // Saved for the monthly invoice, charged without the shop at the screen.
      usage: 'off_session',
      metadata: input.metadata,
    });
    return setupIntentOf(o);
  }

  async retrieveSetupIntent(id: string): Promise<SetupIntent> {
    const o = await this.request('GET', `/v1/setup_intents/${encodeURIComponent(id)}`, {
      expand: ['payment_method'],
    });
    return setupIntentOf(o);
  }

  async detachPaymentMethod(id: string): Promise<void> {
    await this.request('POST', `/v1/payment_methods/${encodeURIComponent(id)}/detach`);
  }

  async chargeSavedCard(input: SavedCardCharge, idempotencyKey: string): Promise<PaymentIntent> {
    const o = await this.request(
      'POST',
      '/v1/payment_intents',
      {
        // JPY is zero-decimal: the amount is yen, not hundredths.
        amount: input.amount,
        currency: 'jpy',
        customer: input.customer,
        payment_method: input.paymentMethod,
        payment_method_types: ['card'],
        // The shop is not at the screen: Stripe declines (authentication_required) rather than wait for 3-D Secure.
        off_session: true,
        confirm: true,
        description: input.description,
        metadata: input.metadata,
      },
      idempotencyKey,
    );
    return paymentIntentOf(o);
  }

  async createPayoutAccount(input: { metadata: Record<string, string> }, idempotencyKey: string) {
    const o = await this.request(
      'POST',
      '/v1/accounts',
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
      idempotencyKey,
    );
    return { id: String(o.id) };
  }

  async addBankAccount(accountId: string, bank: BankDetails): Promise<ExternalBankAccount> {
    const o = await this.request('POST', `/v1/accounts/${encodeURIComponent(accountId)}/external_accounts`, {
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
    });
    return bankAccountOf(o, accountId);
  }

  async retrieveBankAccount(accountId: string, bankAccountId: string): Promise<ExternalBankAccount> {
    const o = await this.request(
      'GET',
      `/v1/accounts/${encodeURIComponent(accountId)}/external_accounts/${encodeURIComponent(bankAccountId)}`,
    );
    return bankAccountOf(o, accountId);
  }

  async deleteBankAccount(accountId: string, bankAccountId: string): Promise<void> {
    await this.request(
      'DELETE',
      `/v1/accounts/${encodeURIComponent(accountId)}/external_accounts/${encodeURIComponent(bankAccountId)}`,
    );
  }

  async deletePayoutAccount(accountId: string): Promise<void> {
    await this.request('DELETE', `/v1/accounts/${encodeURIComponent(accountId)}`);
  }
}
