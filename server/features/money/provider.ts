import { HttpError } from '../../platform/http-errors.ts';

/**
 * The payment provider behind card payments and Stripe bank registration (issue 14, product design
 * section 5: "payment providers sit behind one interface"; ADR 0110). Two implementations: Stripe's
 * REST API (`./stripe.ts`) and a local stand-in (`./standin.ts`) for development and tests, which
 * answers with the same ids, states and errors at this boundary. Amounts are integer yen.
 */

/** A saved card as the provider describes it: never the number. */
export interface CardSummary {
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Stripe's SetupIntent statuses. */
export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'canceled'
  | 'succeeded';

export interface SetupIntent {
  id: string;
  /** Handed to the browser (Stripe Elements) to confirm the intent; never stored. */
  clientSecret: string | null;
  status: SetupIntentStatus;
  customer: string | null;
  /** The card saved by a succeeded intent. */
  card: CardSummary | null;
  metadata: Record<string, string>;
}

/** Stripe's PaymentIntent statuses. */
export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A PaymentIntent as this service needs it (ADR 0115): never the card. */
export interface PaymentIntent {
  id: string;
  status: PaymentIntentStatus;
  /** Integer yen (JPY is a zero-decimal currency at Stripe). */
  amount: number;
  customer: string | null;
  metadata: Record<string, string>;
  /** Why the last attempt failed: Stripe's decline_code or code (`card_declined`, `authentication_required` …). */
  lastErrorCode: string | null;
}

/** Stripe's statuses of a bank account: new, validated, verified, verification_failed, errored. */
export type BankAccountStatus = 'new' | 'validated' | 'verified' | 'verification_failed' | 'errored';

export interface ExternalBankAccount {
  id: string;
  accountId: string;
  status: BankAccountStatus;
  bankName: string | null;
  last4: string;
}

export interface BankDetails {
  /** Japan: the bank code (4 digits) and the branch code (3 digits), as one 7-digit routing number. */
  routingNumber: string;
  accountNumber: string;
  /** Katakana, as on the passbook. */
  holderName: string;
}

/** An answer of the provider that is not a success: Stripe's error object, or no answer at all. */
export class PaymentProviderError extends Error {
  constructor(
    /** HTTP status; 0 when the provider could not be reached. */
    readonly status: number,
    /** Stripe's error type: invalid_request_error, card_error, api_error, api_connection_error … */
    readonly type: string,
    readonly code: string | null,
    readonly param: string | null,
    message: string,
    /** A card error of a confirmed PaymentIntent carries the intent (Stripe's `error.payment_intent`). */
    readonly paymentIntent: PaymentIntent | null = null,
    /** Stripe's `decline_code` of a card decline (`insufficient_funds` …). */
    readonly declineCode: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** An off-session charge of a saved card, in yen (ADR 0115). */
export interface SavedCardCharge {
  amount: number;
  customer: string;
  paymentMethod: string;
  description: string;
  metadata: Record<string, string>;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'standin';
  /** What the browser initialises Stripe.js with (`pk_…`); the stand-in's is not a Stripe key. */
  readonly publishableKey: string;

  /** A customer (a company paying by card). The idempotency key makes a retry answer the same one. */
  createCustomer(
    input: { name: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** A SetupIntent for saving a card for later (off-session) payments of `customer`. */
  createSetupIntent(input: { customer: string; metadata: Record<string, string> }): Promise<SetupIntent>;
  /** The intent with its payment method (the card's brand, last 4 digits and expiry). */
  retrieveSetupIntent(id: string): Promise<SetupIntent>;
  /** Detaches a saved card from its customer (it can no longer be charged). */
  detachPaymentMethod(id: string): Promise<void>;
  /**
   * Charges a saved card without the customer at the screen (ADR 0115): an off-session PaymentIntent in
   * JPY, confirmed at once. The idempotency key makes a retry answer the first attempt's result, never a
   * second charge. A decline throws PaymentProviderError (type `card_error`, with the intent).
   */
  chargeSavedCard(input: SavedCardCharge, idempotencyKey: string): Promise<PaymentIntent>;

  /** A connected account to hold a supporter's payout bank account. */
  createPayoutAccount(
    input: { metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** Adds the bank account to the connected account as the default for JPY; Stripe validates it. */
  addBankAccount(accountId: string, bank: BankDetails): Promise<ExternalBankAccount>;
  retrieveBankAccount(accountId: string, bankAccountId: string): Promise<ExternalBankAccount>;
  deleteBankAccount(accountId: string, bankAccountId: string): Promise<void>;
  /** Closes a connected account (a supporter who left). */
  deletePayoutAccount(accountId: string): Promise<void>;
}

/**
 * The user's answer when the provider failed (ADR 0110): 503 with a Japanese message; the log gets
 * Stripe's type, code and status only (never the request, which may carry a bank account number).
 */
export function providerUnavailable(
  err: unknown,
  log: { error: (obj: object, msg: string) => void },
  message: string,
): never {
  if (err instanceof PaymentProviderError)
    log.error(
      { status: err.status, type: err.type, code: err.code, param: err.param },
      'payment provider failed',
    );
  else log.error({ err }, 'payment provider failed');
  throw new HttpError(503, message);
}
