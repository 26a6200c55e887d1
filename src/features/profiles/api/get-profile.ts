import { type PublicProfile, publicProfileSchema } from '../../../../contracts/profiles.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * GET /api/profiles/{screen_name}: a shop or a supporter (seed spec section 2). A quiet read: a name
 * nobody has is the screen's "not found", not an error toast.
 */
export function getProfile(screenName: string, signal?: AbortSignal): Promise<PublicProfile> {
  return call(
    publicProfileSchema,
    { method: 'GET', path: `/api/profiles/${encodeURIComponent(screenName)}` },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
