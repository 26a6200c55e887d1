import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * Issue 29 (ADR 0204): the PostgreSQL pool of a process, by default twice the machine's cores and one more (5 on
 * two cores). A pool larger than the database can run at once queues the work in PostgreSQL instead of in the
 * pool, where it costs more: on two cores, proofs went from 641-666 answers/s with 10 connections to 725 with 5.
 */
export const DEFAULT_POOL_MAX = 2 * availableParallelism() + 1;

/**
 * The one place configuration is read. Every variable is documented in `.env.example` and the README.
 * A missing or bad value stops the server with a list of every problem (not just the first).
 */

export const DEV_APP_SECRET = 'development-only-secret-change-me-0123456789abcdef';
/** Issue 14: the settings behind the 特定商取引法 page, each required in production. */
export const LEGAL_KEYS = [
  'LEGAL_SELLER',
  'LEGAL_REPRESENTATIVE',
  'LEGAL_ADDRESS',
  'LEGAL_PHONE',
  'LEGAL_EMAIL',
] as const;

/** Issue 14: the development key that seals bank accounts (public: refused in production). */
export const DEV_BANK_KEY = '646576656c6f706d656e742d6f6e6c792d62616e6b2d6b65792d303132333435';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

/** TRUST_PROXY=true (trust every X-Forwarded-For) is refused: the marker the refinement reports. */
const INVALID_TRUST_PROXY = Symbol('invalid TRUST_PROXY');
/** A hop count (`1`), which Fastify 5 no longer honours: the marker the refinement reports. */
const HOP_COUNT_TRUST_PROXY = Symbol('TRUST_PROXY as a hop count');
/** Issue 24 pentest 7: a list that trusts public addresses wholesale (0.0.0.0/0, 0.0.0.0/1,128.0.0.0/1, ::/0). */
const WHOLESALE_TRUST_PROXY = Symbol('TRUST_PROXY covers the internet');

/** The private, loopback, link-local and shared (CGNAT) blocks: a proxy there may be trusted as a block. */
const PRIVATE_BLOCKS: readonly string[] = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
];
/** A public range shorter than this is an operator's whole network, not the proxies in front of us. */
const MIN_PUBLIC_PREFIX = { 4: 16, 6: 48 } as const;

/** The first and last address of a CIDR as numbers, or null when it is not a valid address/prefix. */
function cidrRange(entry: string): { family: 4 | 6; first: bigint; last: bigint; prefix: number } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  if (rest.length) return null;
  const family = isIPv4(address) ? 4 : isIPv6(address) ? 6 : null;
  if (!family) return null;
  const bits = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^[0-9]{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  let value = 0n;
  if (family === 4) {
    for (const octet of address.split('.')) value = (value << 8n) | BigInt(Number(octet));
  } else {
    // Expand `::` and a trailing dotted IPv4 part into eight 16-bit groups.
    const [head = '', tail = ''] = address.includes('::') ? address.split('::') : [address, ''];
    const groups = (part: string) =>
      part
        ? part.split(':').flatMap((g) => {
            if (!g.includes('.')) return [g];
            const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
            return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
          })
        : [];
    const h = groups(head);
    const t = groups(tail);
    const all = address.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
    for (const g of all) value = (value << 16n) | BigInt(parseInt(g, 16));
  }
  const hostBits = BigInt(bits - prefix);
  const first = (value >> hostBits) << hostBits;
  return { family, first, last: first + (1n << hostBits) - 1n, prefix };
}

/** Whether a CIDR trusts public addresses wholesale (a public range shorter than /16 or /48). */
export function coversPublicWholesale(entry: string): boolean {
  const range = cidrRange(entry);
  if (!range) return false;
  const inPrivate = PRIVATE_BLOCKS.some((block) => {
    const b = cidrRange(block)!;
    return b.family === range.family && range.first >= b.first && range.last <= b.last;
  });
  return !inPrivate && range.prefix < MIN_PUBLIC_PREFIX[range.family];
}

/**
 * Issue 10, item 4: which proxies may set X-Forwarded-For. `false` (none) or the proxies' addresses/CIDRs
 * (`10.0.0.1,10.0.0.0/8`, `loopback`), which Fastify's `trustProxy` takes as they are. `true` would let any
 * client choose its IP and defeat every throttle; so would a list that covers the internet (issue 24
 * pentest 7), which is refused too. A hop count (`1`) is refused since 2026-11-27 (ADR 0210): Fastify 5
 * answers it with a trust function that trusts no one, so behind a load balancer every visitor had the
 * balancer's address (one login throttle for everybody, one visitor for every click).
 */
function parseTrustProxy(
  value: string,
): false | string | typeof INVALID_TRUST_PROXY | typeof WHOLESALE_TRUST_PROXY | typeof HOP_COUNT_TRUST_PROXY {
  const v = value.trim();
  if (v === 'false' || v === '0') return false;
  if (/^[0-9]{1,2}$/.test(v)) return HOP_COUNT_TRUST_PROXY;
  const parts = v.split(',').map((p) => p.trim());
  const keywords = new Set(['loopback', 'uniquelocal', 'linklocal']);
  if (!parts.length || !parts.every((p) => keywords.has(p) || cidrRange(p))) return INVALID_TRUST_PROXY;
  if (parts.some(coversPublicWholesale)) return WHOLESALE_TRUST_PROXY;
  return parts.join(',');
}

const LOOPBACK_HOST = /^(localhost|.+\.localhost|127(?:\.[0-9]{1,3}){3}|\[?::1\]?)$/i;

/** Whether a URL's host is this machine (an unparsable URL is not). */
const onLoopback = (url: string) => {
  try {
    return LOOPBACK_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

/** A PostgreSQL URL on this machine: a loopback host, or a Unix socket (no host, or `?host=/path`). */
function localDatabase(url: string): boolean {
  try {
    const parsed = new URL(url);
    const socket = parsed.searchParams.get('host');
    if (!parsed.hostname) return !socket || socket.startsWith('/');
    return LOOPBACK_HOST.test(parsed.hostname) && (!socket || socket.startsWith('/'));
  } catch {
    return false;
  }
}

/**
 * Issue 24 pentest 1: the development APP_SECRET is public (it is in this file), so it is used only when
 * the process is plainly local; this answers why it is not (empty: plainly local). Positive rather than a
 * list of dangers: a setting nobody thought of is not "local" by default.
 */
export function notLocalReasons(env: {
  NODE_ENV: string;
  HOST: string;
  APP_URL?: string | undefined;
  DATABASE_URL?: string | undefined;
  REDIS_URL?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  [key: string]: unknown;
}): string[] {
  const reasons: string[] = [];
  if (env.NODE_ENV !== 'development') reasons.push(`NODE_ENV=${env.NODE_ENV}`);
  if (!LOOPBACK_HOST.test(env.HOST)) reasons.push(`HOST=${env.HOST}（ループバック以外）`);
  if (env.APP_URL && !onLoopback(env.APP_URL)) reasons.push('APP_URL（ループバック以外）');
  if (env.DATABASE_URL && !localDatabase(env.DATABASE_URL)) reasons.push('DATABASE_URL（このマシンの外）');
  if (env.REDIS_URL && !onLoopback(env.REDIS_URL)) reasons.push('REDIS_URL（このマシンの外）');
  if (/_live_/.test(env.STRIPE_SECRET_KEY ?? '')) reasons.push('STRIPE_SECRET_KEY（本番の鍵）');
  if (/_live_/.test(env.STRIPE_PUBLISHABLE_KEY ?? '')) reasons.push('STRIPE_PUBLISHABLE_KEY（本番の鍵）');
  for (const key of [
    'SMTP_URL',
    'S3_BUCKET',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'SENTRY_DSN',
    'RECAPTCHA_SECRET',
    'LINE_CLIENT_ID',
    'X_CLIENT_ID',
    'GOOGLE_CLIENT_ID',
    'INSTAGRAM_OEMBED_TOKEN',
    'LINE_CHANNEL_ACCESS_TOKEN',
    'VAPID_PRIVATE_KEY',
  ]) {
    if (env[key]) reasons.push(key);
  }
  return reasons;
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    // Issue 24 pentest 1: loopback unless production says otherwise (resolved in loadEnv).
    HOST: optionalString,
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Issue 17: JSON lines appended to this file instead of standard output (the e2e stack's server log).
    LOG_FILE: optionalString,
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false')).transform(parseTrustProxy),
    DATA_DIR: z.string().default('./data'),
    CLIENT_DIR: z.string().default('dist/client'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'postgres:// で始まる接続URLを指定してください')
        .optional(),
    ),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_MAX),
    APP_SECRET: z.string().min(32, '32文字以上のランダムな文字列を指定してください').default(DEV_APP_SECRET),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Focustar <no-reply@focustar.example>'),
    RECAPTCHA_SECRET: optionalString,
    RECAPTCHA_SITE_KEY: optionalString,
    RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
    // The SPA's errors (ADR 0025) and, since issue 29, the server's 5xx and failed jobs (@sentry/node).
    SENTRY_DSN: optionalUrl,
    // Issue 29 (ADR 0160): GET /metrics answers `Authorization: Bearer <METRICS_TOKEN>` only (404 when unset).
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, '16文字以上のランダムな文字列を指定してください').optional(),
    ),
    // Issue 29: traces over OTLP/HTTP to this collector (e.g. http://127.0.0.1:4318) when set; none when not.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_SERVICE_NAME: z.preprocess(emptyToUndefined, z.string().default('focustar')),
    // Social login (OAuth 2.0 / OpenID Connect). A provider is enabled when its id and secret are set;
    // the endpoint URLs default to the real providers and are overridable (tests point them at a mock).
    LINE_CLIENT_ID: optionalString,
    LINE_CLIENT_SECRET: optionalString,
    LINE_AUTHORIZE_URL: z.preprocess(
      emptyToUndefined,
      z.url().default('https://access.line.me/oauth2/v2.1/authorize'),
    ),
    LINE_TOKEN_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.line.me/oauth2/v2.1/token')),
    LINE_USERINFO_URL: z.preprocess(
      emptyToUndefined,
      z.url().default('https://api.line.me/oauth2/v2.1/userinfo'),
    ),
    X_CLIENT_ID: optionalString,
    X_CLIENT_SECRET: optionalString,
    X_AUTHORIZE_URL: z.preprocess(emptyToUndefined, z.url().default('https://x.com/i/oauth2/authorize')),
    X_TOKEN_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.x.com/2/oauth2/token')),
    X_USERINFO_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.x.com/2/users/me')),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_AUTHORIZE_URL: z.preprocess(
      emptyToUndefined,
      z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    ),
    GOOGLE_TOKEN_URL: z.preprocess(emptyToUndefined, z.url().default('https://oauth2.googleapis.com/token')),
    GOOGLE_USERINFO_URL: z.preprocess(
      emptyToUndefined,
      z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    ),
    SEED_DEMO_DATA: z.preprocess(emptyToUndefined, z.enum(['auto', 'always', 'never']).default('auto')),
    // Throttles (ADR 0015): shared by every process through Redis when set, else kept in memory.
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, 'redis:// または rediss:// で始まる接続URLを指定してください')
        .optional(),
    ),
    REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().max(100).default('focustar:')),
    // Background jobs (pg-boss): workers in this process; 0 makes an API-only process.
    WORKERS: z.coerce.number().int().min(0).max(16).default(1),
    // How long a job may run before it counts as lost (its process died) and runs again (ADR 0131).
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(86_400).default(900),
    // Images go to DATA_DIR/uploads unless an S3-compatible bucket is configured (S3_BUCKET set).
    S3_BUCKET: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('ap-northeast-1')),
    S3_ENDPOINT: optionalUrl,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalUrl,
    // Reported posts are checked through the platforms' oEmbed (X, TikTok; Instagram with its token). Outside
    // production they are asked of the SNS stand-in: SNS_OEMBED_URL names a running one, else the server
    // starts its own on loopback (issue 23, ADR 0162).
    SNS_OEMBED_URL: optionalUrl,
    INSTAGRAM_OEMBED_TOKEN: optionalString,
    // Issue 26 (notifications): LINE messages through the Messaging API with the channel access token of a
    // Messaging API channel under the same LINE provider as LINE Login. Outside production, without a token
    // the server starts a local stand-in of the Messaging API (LINE_MESSAGING_API_URL names a running one).
    LINE_CHANNEL_ACCESS_TOKEN: optionalString,
    LINE_MESSAGING_API_URL: optionalUrl,
    // Issue 26: Web Push with VAPID keys (`npx web-push generate-vapid-keys`); generated into DATA_DIR/vapid.json
    // in development, push is off in production without them. VAPID_SUBJECT: the sender's contact
    // (mailto: or https:). PUSH_STANDIN_URL: a running push-service stand-in (e2e); else one in-process.
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'mailto: か https:// で始まる連絡先を指定してください')
        .optional(),
    ),
    PUSH_STANDIN_URL: optionalUrl,
    // Where contact messages and shop requests are sent (the operators' inbox).
    CONTACT_MAIL_TO: z.preprocess(emptyToUndefined, z.email().default('support@focustar.example')),
    // How the SNS ownership code is checked (ADR 0090): `manual` (staff look at the profile) or `fetch`
    // (the server reads the public profile page over the internet; platforms may refuse it).
    SNS_OWNERSHIP_CHECK: z.preprocess(emptyToUndefined, z.enum(['manual', 'fetch']).default('manual')),
    // Issue 14 (ADR 0100): the AES-256-GCM key that seals bank accounts (64 hex digits or base64 of 32
    // bytes), and older keys that still open what they sealed (comma-separated), for rotation.
    BANK_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (v) => /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, 'base64').length === 32,
          '32バイトの鍵（16進数64桁またはBase64）を指定してください',
        )
        .default(DEV_BANK_KEY),
    ),
    BANK_KEYS_OLD: optionalString,
    // Issue 14: the remitter of the Zengin transfer file (our account and the code our bank gave us).
    ZENGIN_REMITTER_CODE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9]{10}$/, '10桁の数字')
        .optional(),
    ),
    ZENGIN_REMITTER_NAME: optionalString,
    ZENGIN_BANK_CODE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9]{4}$/, '4桁の数字')
        .optional(),
    ),
    ZENGIN_BRANCH_CODE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9]{3}$/, '3桁の数字')
        .optional(),
    ),
    ZENGIN_ACCOUNT_TYPE: z.preprocess(emptyToUndefined, z.enum(['普通', '当座', '貯蓄']).default('普通')),
    // Issue 14: the issuer of shops' qualified invoices: our name, registration number (T + 13 digits), address.
    INVOICE_ISSUER_NAME: optionalString,
    INVOICE_REGISTRATION_NUMBER: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^T[0-9]{13}$/, 'T と13桁の数字で指定してください')
        .optional(),
    ),
    INVOICE_ISSUER_ADDRESS: optionalString,
    // Issue 14: the seller's particulars on the 特定商取引法 page (required in production).
    LEGAL_SELLER: optionalString,
    LEGAL_REPRESENTATIVE: optionalString,
    LEGAL_ADDRESS: optionalString,
    LEGAL_PHONE: optionalString,
    LEGAL_EMAIL: optionalString,
    // Issue 14 (ADR 0110): card payment and bank registration through Stripe. `auto` uses Stripe when
    // STRIPE_SECRET_KEY is set, else the local stand-in outside production and nothing in production.
    PAYMENT_PROVIDER: z.preprocess(
      emptyToUndefined,
      z.enum(['auto', 'stripe', 'standin', 'off']).default('auto'),
    ),
    STRIPE_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[0-9A-Za-z]+$/, 'sk_live_… または sk_test_… の秘密鍵を指定してください')
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^pk_(test|live)_[0-9A-Za-z]+$/, 'pk_live_… または pk_test_… の公開可能キーを指定してください')
        .optional(),
    ),
    STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url().default('https://api.stripe.com')),
    // Issue 29 (ADR 0173): the signing secret of the webhook endpoint (Stripe's dashboard, `whsec_…`).
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^whsec_[0-9A-Za-z]+$/, 'whsec_… の署名シークレットを指定してください')
        .optional(),
    ),
    ZENGIN_ACCOUNT_NUMBER: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[0-9]{7}$/, '7桁の数字')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.S3_BUCKET) {
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'S3_BUCKET を使うときは必須です' });
      }
    }
    // Issue 24 pentest 1 (was issue 10 item 1): the development secret is public (it is in this file). It
    // signs only in a plainly local process; anything else must bring its own APP_SECRET.
    if (env.APP_SECRET === DEV_APP_SECRET && env.NODE_ENV !== 'production') {
      const reasons = notLocalReasons({ ...env, HOST: hostOf(env) });
      if (reasons.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['APP_SECRET'],
          message: `開発用の値のままですが、このプロセスはローカル専用ではありません（${reasons.join('、')}）。開発用の値は NODE_ENV が未設定か development で、HOST と APP_URL がループバック、本番の決済キー・外部のデータベース・S3・SMTP・Sentry の設定がないときだけ使えます。32文字以上のランダムな値を APP_SECRET に設定してください（例: node -e "console.log(require('crypto').randomBytes(48).toString('base64url'))"）`,
        });
      }
    }
    const payments = paymentProviderOf(env);
    if ((env.PAYMENT_PROVIDER === 'stripe' || env.STRIPE_SECRET_KEY) && payments === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'Stripe を使うときは STRIPE_SECRET_KEY と STRIPE_PUBLISHABLE_KEY の両方が必要です',
          });
      }
      if (
        env.STRIPE_SECRET_KEY &&
        env.STRIPE_PUBLISHABLE_KEY &&
        env.STRIPE_SECRET_KEY.split('_')[1] !== env.STRIPE_PUBLISHABLE_KEY.split('_')[1]
      )
        ctx.addIssue({
          code: 'custom',
          path: ['STRIPE_PUBLISHABLE_KEY'],
          message: '秘密鍵と公開可能キーのモード（test / live）が一致していません',
        });
    }
    if (env.PAYMENT_PROVIDER === 'standin' && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: '本番環境では standin（開発用の代替）は使えません。stripe か off を指定してください',
      });
    }
    if (env.TRUST_PROXY === INVALID_TRUST_PROXY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'false、またはプロキシのアドレス（例: 10.0.0.1,10.0.0.0/8）を指定してください（true はどの X-Forwarded-For も信用するため使えません）',
      });
    }
    if (env.TRUST_PROXY === WHOLESALE_TRUST_PROXY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'インターネットの広い範囲（0.0.0.0/0、0.0.0.0/1、::/0 など）を信用する指定は使えません。どの利用者も X-Forwarded-For で IP を名乗れてしまいます。前段のプロキシのアドレス（例: 10.0.0.1 や 203.0.113.0/24）を指定してください',
      });
    }
    if (env.TRUST_PROXY === HOP_COUNT_TRUST_PROXY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          '段数（例: 1）では指定できません。段数では直前のプロキシを確かめられず、X-Forwarded-For が使われないため、すべての利用者がプロキシの IP アドレスになります。前段のプロキシのアドレス（例: 10.0.0.1、10.0.0.0/8、loopback）を指定してください',
      });
    }
    if (env.NODE_ENV !== 'production') return;
    if (env.APP_SECRET === DEV_APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: '本番環境では開発用の値は使えません' });
    }
    if (!env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: '本番環境では必須です（メールをファイルに書き出すのは開発環境だけです）',
      });
    }
    if (!env.RECAPTCHA_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET'], message: '本番環境では必須です' });
    }
    if (!env.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: '本番環境では必須です' });
    }
    for (const key of LEGAL_KEYS) {
      if (!env[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: '本番環境では必須です（特定商取引法に基づく表記に載せる事業者の情報です）',
        });
      }
    }
    if (env.BANK_KEY === DEV_BANK_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['BANK_KEY'],
        message: `本番環境では必須です（開発用の値は使えません。例: node -e "console.log(require('crypto').randomBytes(32).toString('hex'))"）`,
      });
    }
  });

export type RawEnv = z.output<typeof schema>;

/** Issue 24 pentest 1: where the server listens by default: every interface in production, else loopback. */
function hostOf(env: { NODE_ENV: string; HOST?: string | undefined }): string {
  return env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}

/**
 * Issue 14 (ADR 0110): which payment provider serves cards and Stripe bank registration. `auto`: Stripe
 * when STRIPE_SECRET_KEY is set; otherwise the local stand-in in development and tests, and none
 * (invoice only, the notice) in production.
 */
export type PaymentProviderKind = 'stripe' | 'standin' | 'off';
export function paymentProviderOf(env: {
  NODE_ENV: string;
  PAYMENT_PROVIDER: 'auto' | 'stripe' | 'standin' | 'off';
  STRIPE_SECRET_KEY?: string | undefined;
}): PaymentProviderKind {
  if (env.PAYMENT_PROVIDER !== 'auto') return env.PAYMENT_PROVIDER;
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  return env.NODE_ENV === 'production' ? 'off' : 'standin';
}
/**
 * Issue 29 (ADR 0173): the secret Stripe's webhooks are signed with: STRIPE_WEBHOOK_SECRET with Stripe;
 * with the local stand-in, that or one derived from APP_SECRET (the stand-in signs with it); none without
 * a provider.
 */
export function stripeWebhookSecretOf(
  env: { APP_SECRET: string; STRIPE_WEBHOOK_SECRET?: string | undefined },
  provider: 'stripe' | 'standin' | null,
): string | null {
  if (provider === 'stripe') return env.STRIPE_WEBHOOK_SECRET ?? null;
  if (provider !== 'standin') return null;
  return (
    env.STRIPE_WEBHOOK_SECRET ??
    `whsec_${createHmac('sha256', env.APP_SECRET).update('stripe-standin-webhook').digest('hex')}`
  );
}

export type Env = Omit<RawEnv, 'TRUST_PROXY' | 'HOST'> & {
  APP_URL: string;
  HOST: string;
  TRUST_PROXY: false | number | string;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses a process-like environment. Throws EnvError listing every problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  const env = parsed.data;
  const trustProxy = typeof env.TRUST_PROXY === 'symbol' ? false : env.TRUST_PROXY;
  return {
    ...env,
    HOST: hostOf(env),
    TRUST_PROXY: trustProxy,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
  };
}
