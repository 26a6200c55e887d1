import type { LoginProvider } from '../../../../../contracts/oauth.ts';
import { ApiRequestError, ERRORS } from '../../../../../machines/errors.ts';
import { type CallOptions, request } from '../../../request/request.ts';

/**
 * GET /api/oauth/{provider}/url → the provider's authorisation URL (section 7). A 204 or an answer
 * without a URL is an error that names the problem (section 8).
 */
export async function getOAuthUrl(
  provider: LoginProvider,
  params: { mode?: 'login' | 'register'; referralShopId?: number | null } = {},
  options?: CallOptions,
): Promise<string> {
  const query: Record<string, string | number> = { mode: params.mode ?? 'login' };
  if (params.referralShopId) query.referral_shop_id = params.referralShopId;
  const contract = import('../../../../../contracts/oauth.ts');
  contract.catch(() => {});
  const answer = await request(
    { method: 'GET', path: `/api/oauth/${encodeURIComponent(provider)}/url`, query },
    { retry: false, ...options },
  );
  if (answer.status === 204) throw new ApiRequestError(ERRORS.oauthNoContent, 'invalid-answer', 204);
  const parsed = (await contract).oauthUrlSchema.safeParse(answer.data);
  if (!parsed.success)
    throw new ApiRequestError(ERRORS.oauthUnexpected, 'invalid-answer', answer.status, {}, answer.data);
  return parsed.data.redirect_url;
}
