import { z } from 'zod';

/**
 * The one place configuration is read. Every variable is documented in `.env.example` and the README.
 * A missing or bad value stops the server with a list of every problem (not just the first).
 */

export const DEV_APP_SECRET = 'development-only-secret-change-me-0123456789abcdef';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false'))
      .transform((v) => v === 'true'),
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
    SENTRY_DSN: optionalUrl,
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (env.APP_SECRET === DEV_APP_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: '本番環境では開発用の値は使えません' });
    }
    if (!env.RECAPTCHA_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['RECAPTCHA_SECRET'], message: '本番環境では必須です' });
    }
    if (!env.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: '本番環境では必須です' });
    }
  });

export type RawEnv = z.output<typeof schema>;
export type Env = RawEnv & { APP_URL: string };

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
  return { ...env, APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}` };
}
