import { ALL, type Row, SIGNED_IN, STAFF } from './table.ts';

/** Admins only (product design section 1: payouts): a guest is asked to log in, everyone else refused. */
const ADMIN = (status: number): Row['expect'] => [401, 403, 403, 403, status];

/** The authorisation rows of the money feature (issue 14). */
export const rows: Row[] = [
  { route: 'GET /api/bank-account', url: '/api/bank-account', expect: SIGNED_IN(200) },
  {
    route: 'PUT /api/bank-account',
    url: '/api/bank-account',
    payload: {
      bank_code: '0001',
      branch_code: '001',
      account_type: '普通',
      account_number: '1234567',
      holder_name: 'ケンゲン タロウ',
    },
    expect: SIGNED_IN(200),
  },
  { route: 'GET /api/banks', url: '/api/banks?q=%E3%81%BF%E3%81%9A%E3%81%BB', expect: SIGNED_IN(200) },
  { route: 'GET /api/banks/:code/branches', url: '/api/banks/0001/branches?q=', expect: SIGNED_IN(200) },
  { route: 'GET /api/payments', url: '/api/payments', expect: SIGNED_IN(200) },
  { route: 'GET /api/billing', url: '/api/billing', expect: SIGNED_IN(200) },
  { route: 'GET /api/billing/invoice', url: '/api/billing/invoice?month=2020-01', expect: SIGNED_IN(404) },
  // ADR 0112: the shop's card (the stand-in answers in tests). A supporter, staff and admins have no
  // company: 404 for set-up; saving an unknown intent is a 422 whoever asks (the intent is checked first
  // for the caller's company); choosing invoice needs a company.
  {
    route: 'POST /api/billing/card/setup',
    url: '/api/billing/card/setup',
    expect: [401, 404, 200, 404, 404],
  },
  {
    route: 'POST /api/billing/card',
    url: '/api/billing/card',
    payload: { setup_intent_id: 'seti_unknown' },
    expect: [401, 404, 422, 404, 404],
  },
  {
    route: 'PUT /api/billing/method',
    url: '/api/billing/method',
    payload: { method: 'invoice' },
    expect: [401, 404, 200, 404, 404],
  },
  // ADR 0113: payments received are recorded by staff.
  { route: 'GET /api/billing/invoices', url: '/api/billing/invoices?month=2020-01', expect: STAFF(200) },
  {
    route: 'POST /api/billing/invoices/payments',
    url: '/api/billing/invoices/payments',
    payload: { company_id: 999999, month: '2020-01', paid_on: '2020-02-01' },
    expect: STAFF(404),
  },
  // ADR 0111: any signed-in user registers their own payout account through Stripe (the stand-in here).
  // Issue 29 (ADR 0173): Stripe's servers post without a session; the signature is the authority, so an
  // unsigned post is 400 for everyone (a session grants nothing).
  {
    route: 'POST /api/stripe/webhook',
    url: '/api/stripe/webhook',
    payload: { id: 'evt_x' },
    expect: ALL(400),
  },
  { route: 'GET /api/stripe/bank', url: '/api/stripe/bank', expect: SIGNED_IN(200) },
  {
    route: 'POST /api/stripe/bank',
    url: '/api/stripe/bank',
    payload: {
      bank_code: '0001',
      branch_code: '001',
      account_type: '普通',
      account_number: '1234567',
      holder_name: 'ケンゲン タロウ',
    },
    expect: SIGNED_IN(200),
  },
  { route: 'GET /api/payments/batches', url: '/api/payments/batches', expect: STAFF(200) },
  {
    route: 'POST /api/payments/batches',
    url: '/api/payments/batches',
    payload: { month: '2020-01' },
    expect: ADMIN(201),
  },
  { route: 'GET /api/payments/batches/:id', url: '/api/payments/batches/999999', expect: STAFF(404) },
  {
    route: 'GET /api/payments/batches/:id/zengin',
    url: '/api/payments/batches/999999/zengin',
    expect: ADMIN(404),
  },
  { route: 'GET /api/payments/batches/:id/csv', url: '/api/payments/batches/999999/csv', expect: STAFF(404) },
  {
    route: 'POST /api/payments/batches/:id/paid',
    url: '/api/payments/batches/999999/paid',
    expect: ADMIN(404),
  },
  {
    route: 'POST /api/payments/lines/:id/failed',
    url: '/api/payments/lines/999999/failed',
    payload: { note: '' },
    expect: ADMIN(404),
  },
];
