import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import {
  type BankAccountStatus,
  type BankDetails,
  type ExternalBankAccount,
  type PaymentIntent,
  type PaymentProvider,
  PaymentProviderError,
  type SavedCardCharge,
  type SetupIntent,
} from './provider.ts';

/**
 * The local stand-in for Stripe (issue 14, ADR 0110): used in development and tests when no Stripe key is
 * set. It keeps its objects in memory and answers like Stripe at the boundary: ids with Stripe's prefixes
 * (`cus_`, `seti_`, `pm_`, `acct_`, `ba_`, marked `standin`), the same statuses and the same error shapes.
 * Two things differ, because no browser can reach it: a SetupIntent counts as confirmed with Stripe's
 * test card (Visa ending 4242) once it is read back, as if the shop had typed it into Elements; and a bank
 * account is `new` when added, like a Japanese external account at Stripe.
 * Account number 0000000 is refused, as Stripe refuses an account it cannot accept.
 *
 * Issue 29 (ADR 0173): like Stripe, it posts signed webhook events after the answer (a charge's outcome,
 * a confirmed SetupIntent, a changed account) to whatever `sendWebhooksTo` names: the app's own route, so
 * that the real signature check and handling run in development and tests.
 */
export const STANDIN_REFUSED_ACCOUNT = '0000000';
export const STANDIN_PUBLISHABLE_KEY = 'pk_standin_local';
/**
 * Stripe's test payment methods whose charges fail (ADR 0115), accepted by the stand-in's
 * `chargeSavedCard` as Stripe accepts them in test mode: declined, and 3-D Secure required.
 */
export const STANDIN_DECLINED_CARDS: readonly string[] = [
  'pm_card_chargeDeclined',
  'pm_card_chargeCustomerFail',
];
export const STANDIN_AUTHENTICATION_CARD = 'pm_card_authenticationRequired';

const id = (prefix: string) => `${prefix}_standin_${randomBytes(8).toString('hex')}`;
const missing = (what: string, param: string) =>
  new PaymentProviderError(404, 'invalid_request_error', 'resource_missing', param, `No such ${what}`);

interface StoredIntent extends SetupIntent {
  confirmed: boolean;
}

export class StandinPaymentProvider implements PaymentProvider {
  readonly kind = 'standin' as const;
  readonly publishableKey = STANDIN_PUBLISHABLE_KEY;
  private readonly customers = new Map<string, { name: string }>();
  private readonly intents = new Map<string, StoredIntent>();
  private readonly detached = new Set<string>();
  private readonly accounts = new Map<string, Map<string, ExternalBankAccount>>();
  private readonly idempotent = new Map<string, string>();
  /** Charges by idempotency key: a retry answers the first result (the intent, or its error). */
  private readonly charges = new Map<string, PaymentIntent | PaymentProviderError>();
  /** Every charge attempted (one per idempotency key), for tests. */
  readonly paymentIntents: PaymentIntent[] = [];
  private webhook: { secret: string; post: (payload: string, signature: string) => Promise<void> } | null =
    null;
  private readonly deliveries = new Set<Promise<void>>();
  /** Every event sent, in order (for tests). */
  readonly events: { id: string; type: string }[] = [];

  /** Where the stand-in's webhook events go, signed with `secret` as Stripe signs them. */
  sendWebhooksTo(secret: string, post: (payload: string, signature: string) => Promise<void>): void {
    this.webhook = { secret, post };
  }

  /** Resolves when every event sent so far has been answered. */
  async webhooksDelivered(): Promise<void> {
    while (this.deliveries.size) await Promise.allSettled([...this.deliveries]);
  }

  /** Posts one event after the current answer, as Stripe does (its delivery is not part of the API call). */
  private emit(type: string, object: Record<string, unknown>): void {
    const target = this.webhook;
    if (!target) return;
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
    this.events.push({ id: event.id, type });
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: target.secret });
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => target.post(payload, signature))
      .catch(() => undefined)
      .finally(() => this.deliveries.delete(delivery));
    this.deliveries.add(delivery);
  }

  private emitIntent(type: string, intent: PaymentIntent, error: PaymentProviderError | null = null): void {
    this.emit(type, {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: 'jpy',
      customer: intent.customer,
      status: intent.status,
      metadata: intent.metadata,
      last_payment_error: error
        ? { type: error.type, code: error.code, decline_code: error.declineCode, message: error.message }
        : null,
    });
  }

  /**
   * The shop confirms, on the session, a charge that asked for 3-D Secure (development and tests): it is
   * paid, or declined by the card's issuer; either way Stripe reports it by webhook.
   */
  authenticate(paymentIntentId: string, outcome: 'succeeded' | 'declined'): void {
    const intent = this.paymentIntents.find((p) => p.id === paymentIntentId);
    if (!intent || intent.lastErrorCode !== 'authentication_required')
      throw missing('payment_intent', 'intent');
    if (outcome === 'succeeded') {
      intent.status = 'succeeded';
      intent.lastErrorCode = null;
      this.emitIntent('payment_intent.succeeded', intent);
    } else {
      intent.lastErrorCode = 'authentication_failed';
      this.emitIntent(
        'payment_intent.payment_failed',
        intent,
        new PaymentProviderError(
          402,
          'card_error',
          'card_declined',
          null,
          'Your card was declined.',
          null,
          'authentication_failed',
        ),
      );
    }
  }

  async createCustomer(input: { name: string }, idempotencyKey: string) {
    const known = this.idempotent.get(`customer:${idempotencyKey}`);
    if (known) return { id: known };
    const customer = id('cus');
    this.customers.set(customer, { name: input.name });
    this.idempotent.set(`customer:${idempotencyKey}`, customer);
    return { id: customer };
  }

  async createSetupIntent(input: {
    customer: string;
    metadata: Record<string, string>;
  }): Promise<SetupIntent> {
    if (!this.customers.has(input.customer)) throw missing('customer', 'customer');
    const intent = id('seti');
    const stored: StoredIntent = {
      id: intent,
      clientSecret: `${intent}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      customer: input.customer,
      card: null,
      metadata: { ...input.metadata },
      confirmed: false,
    };
    this.intents.set(intent, stored);
    return { ...stored };
  }

  async retrieveSetupIntent(intentId: string): Promise<SetupIntent> {
    const stored = this.intents.get(intentId);
    if (!stored) throw missing('setup_intent', 'intent');
    if (!stored.confirmed) {
      // The stand-in's "Elements": Stripe's test card, confirmed when the intent is read back.
      stored.confirmed = true;
      stored.status = 'succeeded';
      stored.card = { paymentMethodId: id('pm'), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };
      this.emit('setup_intent.succeeded', {
        id: stored.id,
        object: 'setup_intent',
        status: 'succeeded',
        customer: stored.customer,
        payment_method: stored.card.paymentMethodId,
        metadata: stored.metadata,
      });
    }
    const { confirmed: _c, ...intent } = stored;
    return { ...intent };
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    this.detached.add(paymentMethodId);
  }

  async chargeSavedCard(input: SavedCardCharge, idempotencyKey: string): Promise<PaymentIntent> {
    const known = this.charges.get(idempotencyKey);
    if (known instanceof PaymentProviderError) throw known;
    if (known) return { ...known };
    if (!this.customers.has(input.customer)) throw missing('customer', 'customer');
    if (!Number.isInteger(input.amount) || input.amount < 50)
      throw new PaymentProviderError(
        400,
        'invalid_request_error',
        'amount_too_small',
        'amount',
        'Amount must be at least ¥50 jpy',
      );
    if (this.detached.has(input.paymentMethod))
      throw new PaymentProviderError(
        400,
        'invalid_request_error',
        'payment_method_invalid_parameter',
        'payment_method',
        'The PaymentMethod is not attached to a customer',
      );
    const declined = STANDIN_DECLINED_CARDS.includes(input.paymentMethod);
    const authentication = input.paymentMethod === STANDIN_AUTHENTICATION_CARD;
    const intent: PaymentIntent = {
      id: id('pi'),
      status: declined || authentication ? 'requires_payment_method' : 'succeeded',
      amount: input.amount,
      customer: input.customer,
      metadata: { ...input.metadata },
      lastErrorCode: declined ? 'generic_decline' : authentication ? 'authentication_required' : null,
    };
    this.paymentIntents.push(intent);
    if (declined || authentication) {
      // Stripe's answer to a failed off-session confirmation: 402, a card error carrying the intent.
      const error = new PaymentProviderError(
        402,
        'card_error',
        declined ? 'card_declined' : 'authentication_required',
        null,
        declined ? 'Your card was declined.' : 'This payment requires authentication.',
        { ...intent },
        declined ? 'generic_decline' : 'authentication_required',
      );
      this.charges.set(idempotencyKey, error);
      this.emitIntent('payment_intent.payment_failed', intent, error);
      throw error;
    }
    this.charges.set(idempotencyKey, intent);
    this.emitIntent('payment_intent.succeeded', intent);
    return { ...intent };
  }

  async createPayoutAccount(_input: { metadata: Record<string, string> }, idempotencyKey: string) {
    const known = this.idempotent.get(`account:${idempotencyKey}`);
    if (known) return { id: known };
    const account = id('acct');
    this.accounts.set(account, new Map());
    this.idempotent.set(`account:${idempotencyKey}`, account);
    return { id: account };
  }

  async addBankAccount(accountId: string, bank: BankDetails): Promise<ExternalBankAccount> {
    const banks = this.accounts.get(accountId);
    if (!banks) throw missing('account', 'account');
    if (!/^[0-9]{7}$/.test(bank.routingNumber))
      throw new PaymentProviderError(
        400,
        'invalid_request_error',
        'routing_number_invalid',
        'external_account[routing_number]',
        'Invalid routing number',
      );
    if (bank.accountNumber === STANDIN_REFUSED_ACCOUNT)
      throw new PaymentProviderError(
        400,
        'invalid_request_error',
        'account_number_invalid',
        'external_account[account_number]',
        'Invalid account number',
      );
    const added: ExternalBankAccount = {
      id: id('ba'),
      accountId,
      status: 'new',
      bankName: null,
      last4: bank.accountNumber.slice(-4),
    };
    banks.set(added.id, added);
    return { ...added };
  }

  async retrieveBankAccount(accountId: string, bankAccountId: string): Promise<ExternalBankAccount> {
    const found = this.accounts.get(accountId)?.get(bankAccountId);
    if (!found) throw missing('external_account', 'id');
    return { ...found };
  }

  async deleteBankAccount(accountId: string, bankAccountId: string): Promise<void> {
    if (!this.accounts.get(accountId)?.delete(bankAccountId)) throw missing('external_account', 'id');
  }

  async deletePayoutAccount(accountId: string): Promise<void> {
    if (!this.accounts.delete(accountId)) throw missing('account', 'account');
  }

  /* ---- for tests and development: what Stripe would report later ---- */

  /** Sets a bank account's status, as Stripe does after a failed payout (errored). */
  setBankStatus(accountId: string, bankAccountId: string, status: BankAccountStatus): void {
    const found = this.accounts.get(accountId)?.get(bankAccountId);
    if (!found) return;
    found.status = status;
    this.emit('account.updated', { id: accountId, object: 'account' });
  }

  hasPayoutAccount(accountId: string): boolean {
    return this.accounts.has(accountId);
  }

  isDetached(paymentMethodId: string): boolean {
    return this.detached.has(paymentMethodId);
  }
}
