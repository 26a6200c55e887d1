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
  /** Issue 14: the seller's particulars for the 特定商取引法 page; null where not set (development). */
  legal: z.object({
    seller: z.string().nullable(),
    representative: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
