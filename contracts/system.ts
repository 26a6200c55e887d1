import { z } from 'zod';
import './common.ts';

/** Health, version and the public runtime configuration. */
export const healthSchema = z.object({ status: z.literal('ok') });
export const versionSchema = z.object({ version: z.string() });

/** Public runtime configuration the SPA needs before anything else (no secrets). */
export const publicConfigSchema = z.object({
  version: z.string(),
  recaptchaSiteKey: z.string().nullable(),
  sentryDsn: z.string().nullable(),
  oauthProviders: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
