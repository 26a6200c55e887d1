import { z } from 'zod';

/**
 * Money (issue 14, product design section 5): the supporter's bank account, the monthly payout batches
 * with their Zengin transfer file, and the supporter's payment history. Shared by the API and the SPA:
 * the form normalises exactly as the server does.
 */

export const ACCOUNT_TYPES = ['普通', '当座', '貯蓄'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Product design section 5: the minimum payout and the age at which any balance is paid. */
export const PAYOUT_MINIMUM_YEN = 1000;
export const PAYOUT_OLDEST_DAYS = 50;

export const BATCH_STATUSES = ['作成済', '出力済', '支払済'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const LINE_STATUSES = ['未払', '支払済', '失敗'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

export const MONEY_MESSAGES = {
  /** Issue 24: what a supporter whose payouts are held reads on /history (neutral, product design section 8). */
  onHold:
    'お振込みの前に、運営でアカウントの確認をしています。確認が終わりしだいお振込みします。ご不明な点はお問い合わせからご連絡ください。',
  bankCode: '金融機関コードは4桁の数字で入力してください。',
  bankUnknown: 'この金融機関コードは見つかりませんでした。金融機関名から選んでください。',
  branchCode: '支店コードは3桁の数字で入力してください。',
  branchUnknown: 'この支店コードは見つかりませんでした。支店名から選んでください。',
  accountType: '口座種別は「普通」「当座」「貯蓄」から選んでください。',
  accountNumber: '口座番号は7桁以内の数字で入力してください。',
  holderRequired: '口座名義をカタカナで入力してください。',
  holderChars:
    '口座名義に使えない文字が含まれています。カタカナ、英大文字、数字、スペースと ( ) . - / で入力してください。',
  holderLength: '口座名義は振込データで30文字以内（濁点・半濁点は1文字と数えます）にしてください。',
  bankNotFound: '金融機関が見つかりませんでした。',
  batchNotFound: 'お振込みのバッチが見つかりませんでした。',
  lineNotFound: 'お振込みの明細が見つかりませんでした。',
  month: '対象月は YYYY-MM の形式で入力してください。',
  monthNotClosed: '締めが済んでいない月のお振込みは作成できません。',
  notExported: '振込データを出力してから支払済にしてください。',
  remitterMissing: '振込元の口座（ZENGIN_* の設定）がないため、振込データを作れません。',
  saved: '振込先の口座を登録しました。',
  built: 'お振込みのバッチを作成しました。',
  alreadyBuilt: 'この月のお振込みのバッチは作成済みです。',
  paid: 'お振込みを支払済にしました。',
  /** Issue 25: the questions before the payout actions (the screens name the month and the total). */
  confirmBuild: (month: string) =>
    `${month}のお振込みのバッチを作成します。締めた月の確定した報酬が、この月のお振込みにまとめられます。よろしいですか？`,
  confirmPaid: (month: string, total: string) =>
    `${month}（${total}）を支払済にします。銀行での振込が済んでいることを確かめてください。よろしいですか？`,
  failed: 'お振込みを失敗にし、金額を報酬残高に戻しました。',
  invoiceNotFound: 'この月の請求書はありません。',
  issuerMissing: '請求書の発行者（INVOICE_* の設定）がないため、請求書を作れません。',
  // Stripe (ADR 0110–0112)
  stripeOff: 'Stripe が設定されていないため、この操作はできません。',
  // Stripe's webhooks (issue 29, ADR 0173): read by Stripe's servers and the operators' logs, not by shops.
  webhookOff: 'Stripe の Webhook は設定されていません（STRIPE_WEBHOOK_SECRET）。',
  webhookSignature: 'Stripe の署名（Stripe-Signature）を確認できませんでした。',
  stripeUnavailable: '決済サービス（Stripe）に接続できませんでした。時間をおいてもう一度お試しください。',
  stripeBankRefused:
    'この口座は決済サービス（Stripe）に登録できませんでした。金融機関・支店・口座番号・名義をご確認ください。',
  stripeSaved: '振込先の口座を Stripe で登録しました。',
  noCompany: '会社が登録されていないため、お支払い方法を設定できません。',
  setupIntent: 'カードの登録手続きが見つかりませんでした。もう一度カードを入力してください。',
  cardNotConfirmed: 'カードの確認が済んでいません。もう一度カード情報を入力してください。',
  cardSaved: 'クレジットカードを登録しました。今後のお支払いはカード払いになります。',
  method: 'お支払い方法は「請求書払い」か「クレジットカード」から選んでください。',
  noCard: 'クレジットカードが登録されていません。先にカードを登録してください。',
  methodSaved: 'お支払い方法を変更しました。',
  // Invoice payments (ADR 0113)
  companyId: '会社を選んでください。',
  paidOn: '入金日は YYYY-MM-DD の形式で入力してください。',
  paidOnFuture: '入金日に未来の日付は指定できません。',
  invoiceOpen: '締めが済んでいない月の請求書には入金を記録できません。',
  invoiceNothingDue: 'この請求書にはお支払いいただく金額がありません。',
  paymentRecorded: '入金を記録しました。',
  paymentAlreadyRecorded: 'この請求書の入金は記録済みです。',
} as const;

/* ------------------------------------------------------------------------------------------------
 * Characters: full-width digits, hiragana and half-width kana in; what a Zengin file allows out.
 * ---------------------------------------------------------------------------------------------- */

const SMALL_KANA: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

/** Full-width digits and letters to ASCII, half-width kana to full-width (NFKC), then digits only kept. */
export const normalizeDigits = (value: string): string => value.normalize('NFKC').replace(/[\s-]/g, '');

/** Hiragana to katakana (the search box and the holder name take either). */
export const hiraganaToKatakana = (value: string): string =>
  value.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/**
 * The holder name as a Zengin file can carry it, in full-width katakana for display: NFKC (half-width
 * kana and full-width letters), hiragana to katakana, small kana full size, ー and other dashes to -,
 * letters upper case, spaces single.
 */
export function normalizeHolderName(value: string): string {
  return hiraganaToKatakana(value.normalize('NFKC'))
    .replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_KANA[c] ?? c)
    .replace(/[ー－―‐−–—]/g, '-')
    .replace(/[（]/g, '(')
    .replace(/[）]/g, ')')
    .replace(/[・･]/g, '.')
    .toUpperCase()
    .replace(/[\s\u3000]+/g, ' ')
    .trim();
}

const FULL_KANA =
  'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン';
const HALF_KANA = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ';
const HALF_OF = new Map([...FULL_KANA].map((c, i) => [c, HALF_KANA[i]!]));
/** What a Zengin 総合振込 name field may hold (half-width). */
export const ZENGIN_CHARS = /^[0-9A-Zｱ-ﾝｦﾞﾟ ().\-/,]*$/;

/**
 * Full-width katakana (after normalizeHolderName) to the half-width characters of a transfer file:
 * ガ -> ｶﾞ, パ -> ﾊﾟ. Answers null when a character has no half-width form the file allows.
 */
export function toZenginKana(value: string): string | null {
  let out = '';
  for (const c of normalizeHolderName(value).normalize('NFD')) {
    if (c === '\u3099') out += 'ﾞ';
    else if (c === '\u309A') out += 'ﾟ';
    else out += HALF_OF.get(c) ?? c;
  }
  return ZENGIN_CHARS.test(out) ? out : null;
}

/* ------------------------------------------------------------------------------------------------
 * Bank account
 * ---------------------------------------------------------------------------------------------- */

const digitField = (length: number, message: string) =>
  z
    .string({ error: message })
    .transform(normalizeDigits)
    .pipe(z.string().regex(new RegExp(`^[0-9]{${length}}$`), message));

export const bankAccountInputSchema = z.object({
  bank_code: digitField(4, MONEY_MESSAGES.bankCode),
  branch_code: digitField(3, MONEY_MESSAGES.branchCode),
  account_type: z.enum(ACCOUNT_TYPES, { error: MONEY_MESSAGES.accountType }),
  account_number: z
    .string({ error: MONEY_MESSAGES.accountNumber })
    .transform(normalizeDigits)
    .pipe(z.string().regex(/^[0-9]{1,7}$/, MONEY_MESSAGES.accountNumber))
    .transform((v) => v.padStart(7, '0')),
  holder_name: z
    .string({ error: MONEY_MESSAGES.holderRequired })
    .max(100, MONEY_MESSAGES.holderLength)
    .transform(normalizeHolderName)
    .pipe(
      z
        .string()
        .min(1, MONEY_MESSAGES.holderRequired)
        .refine((v) => toZenginKana(v) !== null, MONEY_MESSAGES.holderChars)
        .refine((v) => (toZenginKana(v) ?? '').length <= 30, MONEY_MESSAGES.holderLength),
    ),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

/** A registered account as the API shows it: never more than the last 3 digits of the number. */
export const bankAccountSchema = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  account_number_last3: z.string(),
  holder_name: z.string(),
  updated_at: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountAnswerSchema = z.object({ bank_account: bankAccountSchema.nullable() });
export type BankAccountAnswer = z.infer<typeof bankAccountAnswerSchema>;

export const bankSearchQuerySchema = z.object({
  q: z.string().max(50, '検索語は50文字以内で入力してください。').default(''),
});
export const bankCodeParamsSchema = z.object({
  code: z.string().regex(/^[0-9]{4}$/, MONEY_MESSAGES.bankCode),
});
export const bankEntrySchema = z.object({ code: z.string(), name: z.string(), kana: z.string() });
export type BankEntry = z.infer<typeof bankEntrySchema>;
export const bankListSchema = z.object({ items: z.array(bankEntrySchema) });
export type BankList = z.infer<typeof bankListSchema>;

/* ------------------------------------------------------------------------------------------------
 * Payout batches (staff)
 * ---------------------------------------------------------------------------------------------- */

export const batchCreateSchema = z.object({
  month: z
    .string({ error: MONEY_MESSAGES.month })
    .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, MONEY_MESSAGES.month),
});

export const batchSchema = z.object({
  id: z.number().int(),
  month: z.string(),
  payment_date: z.string(),
  status: z.enum(BATCH_STATUSES),
  lines_count: z.number().int(),
  total: z.number().int(),
  failed_count: z.number().int(),
  created_at: z.string(),
  exported_at: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;
export const batchListSchema = z.object({ items: z.array(batchSchema) });
export type BatchList = z.infer<typeof batchListSchema>;

export const lineSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), screen_name: z.string() }),
  bank_code: z.string(),
  bank_name: z.string(),
  branch_code: z.string(),
  branch_name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  account_number_last3: z.string(),
  amount: z.number().int(),
  status: z.enum(LINE_STATUSES),
  failed_note: z.string().nullable(),
});
export type PayoutLine = z.infer<typeof lineSchema>;
/** A batch's lines come a page at a time, by id (issue 17: a month of a million users has ~100,000). */
export const BATCH_LINES_PAGE_SIZE = 100;
export const batchDetailSchema = batchSchema.extend({
  lines: z.array(lineSchema),
  /** The last line id of this page when more lines follow (pass it as `cursor`), else null. */
  next_cursor: z.number().int().nullable(),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const batchCreatedSchema = z.object({ message: z.string(), created: z.boolean(), batch: batchSchema });
export type BatchCreated = z.infer<typeof batchCreatedSchema>;

export const batchDetailQuerySchema = z.object({
  q: z.string().max(100, '検索語は100文字以内で入力してください。').default(''),
  /** Keyset: the lines after this id (the page before's `next_cursor`). */
  cursor: z
    .string()
    .regex(/^[0-9]{1,16}$/, '続きの位置が正しくありません。最初から読み込み直してください。')
    .transform(Number)
    .optional(),
});

export const lineFailedSchema = z.object({
  note: z.string().trim().max(200, 'メモは200文字以内で入力してください。').default(''),
});

/* ------------------------------------------------------------------------------------------------
 * Supporter history
 * ---------------------------------------------------------------------------------------------- */

export const supporterPaymentsSchema = z.object({
  /** 確定 and not yet paid out: the ledger's sum less the rewards still held (issue 23). */
  balance: z.number().int(),
  /** 確定待ち: approved rewards in their 7-day hold (product design section 8), paid once confirmed. */
  holding: z.number().int(),
  /** Issue 24: transfers are paused while staff look at the account (the screen says so neutrally). */
  on_hold: z.boolean(),
  /** The next transfer: scheduled in a batch, or expected when the balance qualifies. */
  next_payment: z.object({ date: z.string(), amount: z.number().int(), scheduled: z.boolean() }).nullable(),
  bank_account: z
    .object({ bank_name: z.string(), branch_name: z.string(), account_number_last3: z.string() })
    .nullable(),
  year: z.number().int(),
  /** Rewards credited and transfers paid in the current calendar year (Japan time). */
  year_rewards: z.number().int(),
  year_paid: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int(),
      month: z.string(),
      payment_date: z.string(),
      amount: z.number().int(),
      status: z.enum(LINE_STATUSES),
    }),
  ),
});
export type SupporterPayments = z.infer<typeof supporterPaymentsSchema>;

/* ------------------------------------------------------------------------------------------------
 * Shop billing (qualified invoices)
 * ---------------------------------------------------------------------------------------------- */

export const billSchema = z.object({
  id: z.number().int(),
  advertisement_id: z.number().int(),
  shop_name: z.string(),
  month: z.string(),
  units: z.number().int(),
  reward: z.number().int(),
  rewards: z.number().int(),
  fee: z.number().int(),
  subtotal: z.number().int(),
  created_at: z.string(),
});
/**
 * Whether an invoice was paid (ADR 0113): 請求前 (the month is still running), 未入金, 入金済 (staff
 * recorded the transfer, or the monthly card charge succeeded), お支払いなし (refunds cover it: nothing is
 * due), カード決済失敗 (ADR 0115: the saved card was declined or needs 3-D Secure; unpaid, by transfer now).
 */
export const INVOICE_STATUSES = ['請求前', '未入金', '入金済', 'お支払いなし', 'カード決済失敗'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoicePaymentSchema = z.object({
  paid_on: z.string(),
  amount: z.number().int(),
  method: z.string(),
  recorded_at: z.string(),
});
export const invoiceSummarySchema = z.object({
  month: z.string(),
  /** Tax-exclusive total at 10 %, after refunds. */
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  items_count: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  payment: invoicePaymentSchema.nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const PAYMENT_METHODS = ['invoice', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Card payment when a provider is configured (ADR 0112): what the browser needs for Stripe.js. */
export const cardPaymentSchema = z.object({
  /** `stripe`: Stripe Elements from js.stripe.com; `standin`: the local stand-in (development, tests). */
  provider: z.enum(['stripe', 'standin']),
  publishable_key: z.string(),
});
export const savedCardSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const billingSchema = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Null when no payment provider is configured: invoice is the only method. */
  card_payment: cardPaymentSchema.nullable(),
  card: savedCardSchema.nullable(),
  /** The bills and invoices of BILLING_PAGE_MONTHS months, newest first (issue 17, ADR 0124). */
  bills: z.array(billSchema),
  invoices: z.array(invoiceSummarySchema),
  /** Ask again with `?before=` this month for the months before these; null when there are none. */
  older_before: z.string().nullable(),
});
export type Billing = z.infer<typeof billingSchema>;
/** GET /api/billing shows this many months at a time (a quarter of invoices; ADR 0124, amended 2026-11-25). */
export const BILLING_PAGE_MONTHS = 3;
export const billingQuerySchema = z.object({
  before: z
    .string({ error: MONEY_MESSAGES.month })
    .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, MONEY_MESSAGES.month)
    .optional(),
});
export const invoiceQuerySchema = z.object({
  month: z
    .string({ error: MONEY_MESSAGES.month })
    .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, MONEY_MESSAGES.month),
});

/* ------------------------------------------------------------------------------------------------
 * Card payment through Stripe Elements (ADR 0112): the server makes a SetupIntent, the browser confirms
 * it with Stripe, the server reads back only the card's brand, last 4 digits and expiry.
 * ---------------------------------------------------------------------------------------------- */

export const cardSetupSchema = cardPaymentSchema.extend({
  setup_intent_id: z.string(),
  client_secret: z.string(),
});
export type CardSetup = z.infer<typeof cardSetupSchema>;
export const cardSaveSchema = z.object({
  setup_intent_id: z
    .string({ error: MONEY_MESSAGES.setupIntent })
    .max(200, MONEY_MESSAGES.setupIntent)
    .regex(/^seti_[A-Za-z0-9_]+$/, MONEY_MESSAGES.setupIntent),
});
export const paymentMethodInputSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: MONEY_MESSAGES.method }),
});

/* ------------------------------------------------------------------------------------------------
 * Bank registration through Stripe (`/api/stripe/bank`, ADR 0111)
 * ---------------------------------------------------------------------------------------------- */

export const STRIPE_BANK_STATUSES = [
  'new',
  'validated',
  'verified',
  'verification_failed',
  'errored',
] as const;
/** Issue 29 (ADR 0173): the answer to Stripe's webhook: handled, already handled, or a type not used. */
export const stripeWebhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['handled', 'duplicate', 'ignored']),
});

export const stripeBankSchema = z.object({
  /** Whether bank registration goes through Stripe on this server. */
  available: z.boolean(),
  account: z
    .object({
      /** Stripe's status of the bank account. */
      status: z.enum(STRIPE_BANK_STATUSES),
      /** Accepted by Stripe and not failed since: the user's `is_stripe_verified`. */
      verified: z.boolean(),
      bank_name: z.string().nullable(),
      last4: z.string(),
      updated_at: z.string(),
    })
    .nullable(),
});
export type StripeBank = z.infer<typeof stripeBankSchema>;
export const stripeBankSavedSchema = stripeBankSchema.extend({
  message: z.string(),
  bank_account: bankAccountSchema.nullable(),
});
export type StripeBankSaved = z.infer<typeof stripeBankSavedSchema>;

/* ------------------------------------------------------------------------------------------------
 * Invoice payments recorded by staff (ADR 0113)
 * ---------------------------------------------------------------------------------------------- */

const monthField = z
  .string({ error: MONEY_MESSAGES.month })
  .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, MONEY_MESSAGES.month);
export const invoiceListQuerySchema = z.object({ month: monthField });
export const staffInvoiceSchema = invoiceSummarySchema.extend({
  company: z.object({ id: z.number().int(), name: z.string() }),
  payment_method: z.enum(PAYMENT_METHODS),
});
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;
export const staffInvoiceListSchema = z.object({ month: z.string(), items: z.array(staffInvoiceSchema) });
export type StaffInvoiceList = z.infer<typeof staffInvoiceListSchema>;
export const invoicePaymentInputSchema = z.object({
  company_id: z
    .number({ error: MONEY_MESSAGES.companyId })
    .int(MONEY_MESSAGES.companyId)
    .positive(MONEY_MESSAGES.companyId)
    .max(2147483647, MONEY_MESSAGES.companyId),
  month: monthField,
  paid_on: z
    .string({ error: MONEY_MESSAGES.paidOn })
    .regex(/^20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/, MONEY_MESSAGES.paidOn)
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v,
      MONEY_MESSAGES.paidOn,
    ),
  note: z.string().trim().max(200, 'メモは200文字以内で入力してください。').default(''),
});
export type InvoicePaymentInput = z.input<typeof invoicePaymentInputSchema>;
export const invoicePaymentRecordedSchema = z.object({
  message: z.string(),
  created: z.boolean(),
  invoice: staffInvoiceSchema,
});
export type InvoicePaymentRecorded = z.infer<typeof invoicePaymentRecordedSchema>;
