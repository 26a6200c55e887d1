import { beforeEach, describe, expect, it } from 'vitest';
import { logout } from '../../src/platform/session/api/auth/logout.ts';
import { ERRORS } from '../../machines/errors.ts';
import { getOAuthUrl } from '../../src/platform/session/api/oauth/get-oauth-url.ts';
import { unlinkOAuth } from '../../src/features/accounts/api/unlink-oauth.ts';
import { configureRequests } from '../../src/platform/request/request.ts';
import { type FetchHandler, createTestRequester, json } from './request-support.ts';

/** The call files' own rules over a scripted fetch (seed spec sections 7 and 8). */

let handler: FetchHandler = () => json(200, {});
let t: ReturnType<typeof createTestRequester>;

beforeEach(() => {
  t = createTestRequester((url, init) => handler(url, init));
  configureRequests(t.deps);
});

describe('OAuth calls (seed spec sections 4, 7 and 8)', () => {
  it('asks for the URL with the mode (default login) and the referral shop id', async () => {
    handler = () => json(200, { redirect_url: 'https://access.line.me/oauth2/v2.1/authorize?state=s' });
    expect(await getOAuthUrl('line')).toBe('https://access.line.me/oauth2/v2.1/authorize?state=s');
    expect(t.calls[0]!.url).toBe('/api/oauth/line/url?mode=login');
    await getOAuthUrl('x', { mode: 'register', referralShopId: 4 });
    expect(t.calls[1]!.url).toBe('/api/oauth/x/url?mode=register&referral_shop_id=4');
  });

  it('a 204 answer is an error that names the problem', async () => {
    handler = () => new Response(null, { status: 204 });
    await expect(getOAuthUrl('google')).rejects.toThrow(ERRORS.oauthNoContent);
  });

  it('an answer without a redirect URL is an error that names the problem', async () => {
    handler = () => json(200, { url: 'https://elsewhere.example' });
    await expect(getOAuthUrl('google')).rejects.toThrow(ERRORS.oauthUnexpected);
  });

  it('unlinking answers the user; a 204 is an error', async () => {
    handler = () => new Response(null, { status: 204 });
    await expect(unlinkOAuth('x')).rejects.toThrow(ERRORS.oauthUnlinkNoContent);
    expect(t.calls[0]!.method).toBe('DELETE');
  });
});

describe('logout (seed spec sections 4 and 7)', () => {
  it('makes no call without a token (nothing to end)', async () => {
    await logout();
    expect(t.calls).toHaveLength(0);
  });

  it('is a success only with status 200', async () => {
    t.session.setToken('token');
    handler = () => json(200, { message: 'ログアウトしました。' });
    await expect(logout()).resolves.toBeUndefined();
    handler = () => new Response(null, { status: 204 });
    await expect(logout()).rejects.toMatchObject({ status: 204 });
  });
});
