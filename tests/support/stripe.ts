import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server on loopback that answers like Stripe's REST API (issue 14, ADR 0110) for the calls
 * the product makes: customers, SetupIntents (with the confirm call Stripe.js makes from the browser),
 * payment methods, Custom connected accounts and their external bank accounts. It checks what Stripe
 * checks at this boundary: the bearer key (the secret key, or the publishable key for the browser's
 * confirm with the intent's client secret), form encoding with nested `a[b]` keys, required parameters,
 * the Idempotency-Key replay, and answers Stripe's error object. Written from Stripe's API reference,
 * not from the product's code. `requests` keeps every call for assertions.
 */

type Json = Record<string, unknown>;
type Form = Record<string, unknown>;

export interface StripeRequest {
  method: string;
  path: string;
  form: Form;
  headers: Record<string, string | undefined>;
}

/**
 * Stripe's test payment methods (`pm_card_visa` …) as the browser would confirm them. `charge` is what
 * Stripe's test cards do when charged later: `pm_card_chargeCustomerFail` (4000 0000 0000 0341) attaches
 * and then declines every charge; `pm_card_authenticationRequired` (4000 0027 6000 3184) needs 3-D Secure
 * on every payment (here the browser is taken to have completed it when the card was saved), so an
 * off-session charge fails with `authentication_required`.
 */
const TEST_CARDS: Record<
  string,
  { brand: string; last4: string; charge?: 'declined' | 'authentication_required' } | 'declined'
> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_jcb: { brand: 'jcb', last4: '0000' },
  pm_card_chargeDeclined: 'declined',
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', charge: 'declined' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', charge: 'authentication_required' },
};

export interface StripeServer {
  url: string;
  secretKey: string;
  publishableKey: string;
  requests: StripeRequest[];
  /** Env variables that point the product's Stripe code at this server. */
  env: Record<string, string>;
  /** As the browser's Stripe.js does: confirms a SetupIntent with a test card (publishable key + client secret). */
  confirmSetupIntent(
    clientSecret: string,
    paymentMethod: keyof typeof TEST_CARDS,
  ): Promise<{ status: number; body: Json }>;
  /** What Stripe reports later (e.g. `errored` after a failed payout). */
  setBankStatus(bankAccountId: string, status: string): void;
  /** The next request answers this error (status, Stripe error object). */
  /** The next `times` calls answer this error (the SDK retries a 5xx twice: a down Stripe is 3). */
  failNext(status: number, error: Json, times?: number): void;
  accounts: Map<string, Json & { external: Map<string, Json> }>;
  /** Every PaymentIntent made (a replayed idempotent request makes none). */
  paymentIntents: Map<string, Json>;
  stop(): Promise<void>;
}

/** `a[b][0]=x` -> { a: { b: ['x'] } } (Stripe's form encoding; numeric keys become arrays). */
export function parseStripeForm(text: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (last) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length && keys.every((k, i) => k === String(i))) return keys.map((k) => arrays(o[k]));
    return Object.fromEntries(keys.map((k) => [k, arrays(o[k])]));
  };
  return arrays(root) as Form;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}
const invalid = (message: string, param?: string, code?: string) =>
  new StripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
const missing = (what: string, id: string, param = 'id') =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${what}: '${id}'`,
  });

export async function startStripeServer(): Promise<StripeServer> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Json>();
  const intents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  /** What charging a saved payment method does (from the test card it was made with). */
  const chargeBehaviour = new Map<string, 'declined' | 'authentication_required' | undefined>();
  const paymentIntents = new Map<string, Json>();
  const accounts: StripeServer['accounts'] = new Map();
  const idempotent = new Map<string, { status: number; body: Json; params: string }>();
  let failure: { status: number; error: Json; times: number } | null = null;

  const expandIntent = (intent: Json, expand: unknown) => {
    const list = Array.isArray(expand) ? expand : [];
    if (list.includes('payment_method') && typeof intent.payment_method === 'string')
      return { ...intent, payment_method: paymentMethods.get(intent.payment_method) };
    return intent;
  };

  function route(method: string, path: string, form: Form, key: string): { status: number; body: Json } {
    const publishable = key === publishableKey;
    const seg = path.split('/').filter(Boolean); // ['v1', ...]
    if (seg[0] !== 'v1')
      throw new StripeError(404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
    const [, resource, id, sub, subId] = seg;
    // The publishable key may only confirm a SetupIntent (what Stripe.js does in the browser).
    if (publishable && !(resource === 'setup_intents' && sub === 'confirm'))
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key.',
      });

    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: now(),
        name: form.name ?? null,
        metadata: form.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === 'setup_intents') {
      if (method === 'POST' && !id) {
        if (form.customer && !customers.has(String(form.customer)))
          throw missing('customer', String(form.customer), 'customer');
        if (form.usage && !['on_session', 'off_session'].includes(String(form.usage)))
          throw invalid('Invalid usage', 'usage');
        const sid = newId('seti');
        const intent = {
          id: sid,
          object: 'setup_intent',
          client_secret: `${sid}_secret_${randomBytes(16).toString('hex')}`,
          status: 'requires_payment_method',
          customer: form.customer ?? null,
          payment_method: null,
          payment_method_types: form.allowed_payment_method_types ?? form.payment_method_types ?? ['card'],
          usage: form.usage ?? 'off_session',
          metadata: form.metadata ?? {},
          last_setup_error: null,
          created: now(),
        };
        intents.set(sid, intent);
        return { status: 200, body: intent };
      }
      const intent = intents.get(String(id));
      if (!intent) throw missing('setup_intent', String(id), 'intent');
      if (method === 'GET' && !sub) return { status: 200, body: expandIntent(intent, form.expand) };
      if (method === 'POST' && sub === 'confirm') {
        if (publishable && form.client_secret !== intent.client_secret)
          throw invalid(
            'The client_secret provided does not match the client_secret associated with the SetupIntent.',
            'client_secret',
          );
        if (intent.status === 'succeeded')
          throw invalid(
            'You cannot confirm this SetupIntent because it has already succeeded.',
            undefined,
            'setup_intent_unexpected_state',
          );
        const card = TEST_CARDS[String(form.payment_method)];
        if (!card) throw missing('payment_method', String(form.payment_method), 'payment_method');
        if (card === 'declined') {
          intent.last_setup_error = {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
          };
          throw new StripeError(402, {
            type: 'card_error',
            code: 'card_declined',
            message: 'Your card was declined.',
          });
        }
        const pm = {
          id: newId('pm'),
          object: 'payment_method',
          type: 'card',
          customer: intent.customer,
          card: {
            brand: card.brand,
            last4: card.last4,
            exp_month: 12,
            exp_year: new Date().getFullYear() + 3,
            country: 'JP',
          },
        };
        paymentMethods.set(pm.id, pm);
        chargeBehaviour.set(pm.id, card.charge);
        Object.assign(intent, { status: 'succeeded', payment_method: pm.id });
        return { status: 200, body: publishable ? { ...intent } : intent };
      }
    }
    if (resource === 'payment_intents') {
      if (method === 'POST' && !id) {
        // POST /v1/payment_intents: amount (a positive integer in the currency's smallest unit; JPY is
        // zero-decimal, at least 50) and currency are required; off_session only with confirm=true; a
        // confirmed intent charges its payment_method, which must be attached to its customer.
        const amount = Number(form.amount);
        if (form.amount === undefined) throw invalid('Missing required param: amount.', 'amount');
        if (!form.currency) throw invalid('Missing required param: currency.', 'currency');
        if (!/^[0-9]+$/.test(String(form.amount)))
          throw invalid('Invalid integer: ' + String(form.amount), 'amount');
        if (form.currency === 'jpy' && amount < 50)
          throw invalid('Amount must be at least ¥50 jpy', 'amount', 'amount_too_small');
        const confirm = form.confirm === 'true';
        if (form.off_session !== undefined && !confirm)
          throw invalid('You can only pass in off_session when confirm is set to true.', 'off_session');
        if (form.customer && !customers.has(String(form.customer)))
          throw missing('customer', String(form.customer), 'customer');
        const pmId = form.payment_method === undefined ? null : String(form.payment_method);
        const pm = pmId ? paymentMethods.get(pmId) : undefined;
        if (pmId && !pm) throw missing('payment_method', pmId, 'payment_method');
        if (pm && form.customer && pm.customer !== form.customer)
          throw invalid(
            'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer.',
            'payment_method',
            'payment_method_invalid_parameter',
          );
        const pid = newId('pi');
        const intent: Json = {
          id: pid,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: form.currency,
          customer: form.customer ?? null,
          payment_method: pmId,
          payment_method_types: form.allowed_payment_method_types ?? form.payment_method_types ?? ['card'],
          confirmation_method: 'automatic',
          capture_method: 'automatic',
          description: form.description ?? null,
          metadata: form.metadata ?? {},
          client_secret: `${pid}_secret_${randomBytes(16).toString('hex')}`,
          status: pmId ? 'requires_confirmation' : 'requires_payment_method',
          last_payment_error: null,
          next_action: null,
          created: now(),
        };
        paymentIntents.set(pid, intent);
        if (confirm) {
          if (!pmId)
            throw invalid(
              'You cannot confirm this PaymentIntent because it has no payment method.',
              'payment_method',
              'payment_intent_unexpected_state',
            );
          const behaviour = chargeBehaviour.get(pmId);
          if (behaviour) {
            // An off-session payment that fails: 402, the card error with the intent, back to
            // requires_payment_method (Stripe does not wait for an authentication nobody can give).
            const code = behaviour === 'declined' ? 'card_declined' : 'authentication_required';
            const declineCode = behaviour === 'declined' ? 'generic_decline' : 'authentication_required';
            const message =
              behaviour === 'declined'
                ? 'Your card was declined.'
                : 'Your card was declined. This transaction requires authentication.';
            Object.assign(intent, {
              status: 'requires_payment_method',
              payment_method: null,
              last_payment_error: {
                type: 'card_error',
                code,
                decline_code: declineCode,
                message,
                payment_method: pm,
              },
            });
            throw new StripeError(402, {
              type: 'card_error',
              code,
              decline_code: declineCode,
              message,
              payment_intent: { ...intent },
            });
          }
          Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: newId('ch') });
        }
        return { status: 200, body: intent };
      }
      const intent = paymentIntents.get(String(id));
      if (!intent) throw missing('payment_intent', String(id), 'intent');
      if (method === 'GET' && !sub) return { status: 200, body: intent };
    }
    if (resource === 'payment_methods' && method === 'POST' && sub === 'detach') {
      const pm = paymentMethods.get(String(id));
      if (!pm) throw missing('payment_method', String(id));
      pm.customer = null;
      return { status: 200, body: pm };
    }
    if (resource === 'accounts') {
      if (method === 'POST' && !id) {
        if (!['custom', 'express', 'standard'].includes(String(form.type)))
          throw invalid('Invalid type', 'type');
        if (form.country && String(form.country).length !== 2) throw invalid('Invalid country', 'country');
        const account = {
          id: newId('acct'),
          object: 'account',
          type: form.type,
          country: form.country ?? 'US',
          business_type: form.business_type ?? null,
          default_currency: form.default_currency ?? 'usd',
          capabilities: { transfers: 'inactive' },
          payouts_enabled: false,
          metadata: form.metadata ?? {},
          settings: form.settings ?? {},
          external: new Map<string, Json>(),
        };
        accounts.set(account.id, account);
        const { external: _e, ...body } = account;
        return { status: 200, body };
      }
      const account = accounts.get(String(id));
      if (!account) throw missing('account', String(id), 'account');
      if (method === 'DELETE' && !sub) {
        accounts.delete(account.id as string);
        return { status: 200, body: { id: account.id, object: 'account', deleted: true } };
      }
      if (sub === 'external_accounts') {
        if (method === 'POST' && !subId) {
          const ext = form.external_account as Form | string | undefined;
          if (!ext || typeof ext !== 'object')
            throw invalid('Missing required param: external_account.', 'external_account');
          if (ext.object !== 'bank_account')
            throw invalid('Invalid external_account[object]', 'external_account[object]');
          if (ext.country !== 'JP' || ext.currency !== 'jpy')
            throw invalid(
              'The bank account country and currency must be JP and jpy.',
              'external_account[country]',
            );
          // Japan: the 4-digit bank code and the 3-digit branch code as one routing number.
          if (!/^[0-9]{7}$/.test(String(ext.routing_number ?? '')))
            throw invalid(
              'Invalid routing number for JP.',
              'external_account[routing_number]',
              'routing_number_invalid',
            );
          if (
            !/^[0-9]{4,8}$/.test(String(ext.account_number ?? '')) ||
            /^0+$/.test(String(ext.account_number))
          )
            throw invalid(
              'Invalid account number for JP.',
              'external_account[account_number]',
              'account_number_invalid',
            );
          if (!ext.account_holder_name)
            throw invalid('Missing account_holder_name', 'external_account[account_holder_name]');
          const bank = {
            id: newId('ba'),
            object: 'bank_account',
            account: account.id,
            account_holder_name: ext.account_holder_name,
            account_holder_type: ext.account_holder_type ?? null,
            bank_name: 'TEST BANK',
            country: 'JP',
            currency: 'jpy',
            default_for_currency: form.default_for_currency === 'true',
            last4: String(ext.account_number).slice(-4),
            routing_number: ext.routing_number,
            status: 'new',
          };
          if (bank.default_for_currency)
            for (const other of account.external.values()) other.default_for_currency = false;
          account.external.set(bank.id, bank);
          return { status: 200, body: bank };
        }
        const bank = account.external.get(String(subId));
        if (!bank) throw missing('external_account', String(subId));
        if (method === 'GET') return { status: 200, body: bank };
        if (method === 'DELETE') {
          if (bank.default_for_currency && account.external.size > 1)
            throw invalid(
              'You cannot delete the default external account for your default currency.',
              undefined,
              'external_account_default_for_currency',
            );
          account.external.delete(String(subId));
          return { status: 200, body: { id: bank.id, object: 'bank_account', deleted: true } };
        }
      }
    }
    throw new StripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    const contentType = req.headers['content-type'] ?? '';
    if (method === 'POST' && text && !contentType.startsWith('application/x-www-form-urlencoded'))
      return {
        status: 400,
        body: {
          error: { type: 'invalid_request_error', message: 'Invalid request: unsupported Content-Type' },
        },
      };
    const form = parseStripeForm(method === 'POST' ? text : url.searchParams.toString());
    requests.push({
      method,
      path: url.pathname,
      form,
      headers: { ...req.headers } as Record<string, string>,
    });
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (auth !== secretKey && auth !== publishableKey)
      return {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
      };
    if (failure) {
      const f = failure;
      if (--failure.times <= 0) failure = null;
      return { status: f.status, body: { error: f.error } };
    }
    const idemKey = method === 'POST' ? req.headers['idempotency-key'] : undefined;
    const idem = typeof idemKey === 'string' ? `${auth}:${idemKey}` : null;
    const params = `${url.pathname} ${JSON.stringify(form)}`;
    if (idem && idempotent.has(idem)) {
      const first = idempotent.get(idem)!;
      // Stripe: a key reused with other parameters is an error, never a second object.
      if (first.params !== params)
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
            },
          },
        };
      return { status: first.status, body: first.body };
    }
    let answer: { status: number; body: Json };
    try {
      answer = route(method, url.pathname, form, auth);
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      answer = { status: err.status, body: { error: err.error } };
    }
    if (idem) idempotent.set(idem, { ...answer, params });
    return answer;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = handle(req, res, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    publishableKey,
    requests,
    accounts,
    paymentIntents,
    env: {
      PAYMENT_PROVIDER: 'auto',
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_API_URL: url,
    },
    async confirmSetupIntent(clientSecret, paymentMethod) {
      const intentId = clientSecret.split('_secret_')[0]!;
      const res = await fetch(`${url}/v1/setup_intents/${intentId}/confirm`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${publishableKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret }),
      });
      return { status: res.status, body: (await res.json()) as Json };
    },
    setBankStatus(bankAccountId, status) {
      for (const account of accounts.values()) {
        const bank = account.external.get(bankAccountId);
        if (bank) bank.status = status;
      }
    },
    failNext(status, error, times = 1) {
      failure = { status, error, times };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
