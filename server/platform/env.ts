import { z } from 'zod';

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

/**
 * Issue 10, item 4: which proxies may set X-Forwarded-For. `false` (none), a hop count (`1`: the one
 * proxy in front of the server) or the proxies' addresses/CIDRs (`10.0.0.1,10.0.0.0/8`), which Fastify's
 * `trustProxy` takes as they are. `true` would let any client choose its IP and defeat every throttle.
 */
function parseTrustProxy(value: string): false | number | string | typeof INVALID_TRUST_PROXY {
  const v = value.trim();
  if (v === 'false' || v === '0') return false;
  if (/^[0-9]{1,2}$/.test(v)) return Number(v);
  const parts = v.split(',').map((p) => p.trim());
  const address = /^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)(?:\/[0-9]{1,3})?$/;
  if (parts.length && parts.every((p) => address.test(p) || p === 'loopback' || p === 'uniquelocal'))
    return parts.join(',');
  return INVALID_TRUST_PROXY;
}

const LOOPBACK_HOST = /^(localhost|.+\.localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])$/i;

/** What makes the development APP_SECRET dangerous: a public address or a connection to the outside. */
function exposureReasons(env: {
  APP_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  RECAPTCHA_SECRET?: string | undefined;
  LINE_CLIENT_ID?: string | undefined;
  X_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_ID?: string | undefined;
}): string[] {
  const reasons: string[] = [];
  if (env.APP_URL && !LOOPBACK_HOST.test(new URL(env.APP_URL).hostname))
    reasons.push('APP_URL（ループバック以外）');
  for (const key of [
    'LINE_CLIENT_ID',
    'X_CLIENT_ID',
    'GOOGLE_CLIENT_ID',
    'SMTP_URL',
    'RECAPTCHA_SECRET',
  ] as const) {
    if (env[key]) reasons.push(key);
  }
  return reasons;
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
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
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
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
    SEED_DEMO_DATA: z.preprocess(emptyToUndefined, z.enum(['auto', 'never']).default('auto')),
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
    // Issue 10, item 1: the development secret is public (it is in this file). Whatever NODE_ENV says,
    // a server that is reachable from elsewhere or talks to the outside world must not sign with it.
    if (env.APP_SECRET === DEV_APP_SECRET) {
      const reasons = exposureReasons(env);
      if (reasons.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['APP_SECRET'],
          message: `開発用の値のままです（${reasons.join('、')} が設定されています）。32文字以上のランダムな値を APP_SECRET に設定してください（例: node -e "console.log(require('crypto').randomBytes(48).toString('base64url'))"）`,
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
          'false、前段のプロキシの段数（例: 1）、またはプロキシのアドレス（例: 10.0.0.1,10.0.0.0/8）を指定してください（true はどの X-Forwarded-For も信用するため使えません）',
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
export type Env = Omit<RawEnv, 'TRUST_PROXY'> & { APP_URL: string; TRUST_PROXY: false | number | string };

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
  const trustProxy = env.TRUST_PROXY === INVALID_TRUST_PROXY ? false : env.TRUST_PROXY;
  return { ...env, TRUST_PROXY: trustProxy, APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}` };
}
