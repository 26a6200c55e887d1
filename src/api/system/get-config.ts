import { type PublicConfig, publicConfigSchema } from '../contracts/common.ts';
import { type CallOptions, parseAnswer, request } from '../request.ts';

/** GET /api/config: the public runtime configuration (the Sentry DSN, the reCAPTCHA site key). */
export async function getConfig(options?: CallOptions): Promise<PublicConfig> {
  return parseAnswer(
    publicConfigSchema,
    await request({ method: 'GET', path: '/api/config' }, { retry: false, ...options }),
  );
}
