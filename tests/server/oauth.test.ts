import { OAUTH_MESSAGES } from '../../contracts/oauth.ts';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema, userSchema } from '../../contracts/accounts.ts';
import { OAUTH_ERROR_COOKIE, OAUTH_MODE_COOKIE, oauthUrlSchema } from '../../contracts/oauth.ts';
import { OAUTH_STATE_COOKIE } from '../../server/features/accounts/routes/oauth.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type OAuthProvider, startOAuthProvider } from '../support/oauth.ts';
import { APP_URL, createAccountsApp, loginAs } from './helpers.ts';

type Cookie = {
  name: string;
  value: string;
  maxAge?: number;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  httpOnly?: boolean;
};

for (const kind of DB_KINDS) {
  describe(`social login with OAuth 2.0 / OIDC (seed spec sections 3, 7, 8, 9) [${kind}]`, () => {
    let t: TestApp;
    let idp: OAuthProvider;
    beforeAll(async () => {
      idp = await startOAuthProvider();
      // LINE and Google are configured; X is not (its client id and secret are unset).
      t = await createAccountsApp(kind, idp.envFor(['line', 'google']));
    });
    afterAll(async () => {
      await t.close();
      await idp.stop();
    });

    /** Runs the browser's part: ask for the URL, follow the provider's redirect, land on the callback. */
    async function runFlow(
      client: TestClient,
      provider: string,
      query = '',
      tamper?: (callback: URL) => void,
    ) {
      const urlRes = await client.get(`/api/oauth/${provider}/url${query}`);
      expect(urlRes.statusCode, urlRes.body).toBe(200);
      const { redirect_url } = oauthUrlSchema.parse(urlRes.json());
      const authorize = new URL(redirect_url);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP_URL}/api/oauth/${provider}/callback`);
      const idpRes = await fetch(redirect_url, { redirect: 'manual' });
      expect(idpRes.status).toBe(302);
      const callback = new URL(idpRes.headers.get('location')!);
      expect(callback.origin).toBe(APP_URL);
      tamper?.(callback);
      const res = await client.request({ method: 'GET', url: callback.pathname + callback.search });
      expect(res.statusCode).toBe(303);
      const location = new URL(String(res.headers.location), APP_URL);
      const cookies = res.cookies as Cookie[];
      return { res, location, cookies };
    }

    async function exchange(client: TestClient, provider: string, code: string) {
      return client.post(`/api/oauth/${provider}/login`, { code });
    }

    it('GET /api/oauth/{provider}/url answers { redirect_url } for enabled providers only; /api/config lists them (section 7)', async () => {
      const guest = new TestClient(t.app);
      const res = await guest.get('/api/oauth/line/url');
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().redirect_url);
      expect(url.origin + url.pathname).toBe(`${idp.url}/authorize`);
      expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const state = (res.cookies as Cookie[]).find((c) => c.name === OAUTH_STATE_COOKIE)!;
      expect(state).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
      const disabled = await guest.get('/api/oauth/x/url');
      expect(disabled.statusCode).toBe(404);
      expect(disabled.json()).toEqual({ message: OAUTH_MESSAGES.providerDisabled });
      expect((await guest.get('/api/oauth/facebook/url')).statusCode).toBe(422);
      expect((await guest.get('/api/config')).json().oauthProviders).toEqual(['line', 'google']);
    });

    it('register mode creates a verified account linked to the identity; the SPA exchanges the one-time code for { user, access_token } (section 7)', async () => {
      idp.profile = { sub: 'line-user-100', name: 'ライン 花子', picture: 'https://example.com/a.png' };
      const client = new TestClient(t.app);
      const { location, cookies } = await runFlow(client, 'line', '?mode=register&referral_shop_id=1');
      expect(location.pathname).toBe('/oauth/line');
      const code = location.searchParams.get('code')!;
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const mode = cookies.find((c) => c.name === OAUTH_MODE_COOKIE)!;
      // Seed spec section 9: 1 day, secure, strict same-site, host-prefixed.
      expect(mode).toMatchObject({
        value: 'register',
        maxAge: 86400,
        secure: true,
        sameSite: 'Strict',
        path: '/',
      });
      expect(mode.httpOnly).toBeFalsy();

      const res = await exchange(client, 'line', code);
      expect(res.statusCode).toBe(200);
      const body = authResponseSchema.parse(res.json());
      expect(body.user).toMatchObject({
        name: 'ライン 花子',
        email: null,
        email_verified: true,
        avatar_url: 'https://example.com/a.png',
        favorites_count: 1,
        social_accounts: [{ provider: 'line', handle: 'ライン 花子', status: '承認' }],
      });
      expect(body.user.flag_status.addedReferralShop).toBe(true);
      // Single use.
      const again = await exchange(client, 'line', code);
      expect(again.statusCode).toBe(422);
      expect(again.json().errors).toEqual({ code: [OAUTH_MESSAGES.oauthCodeInvalid] });

      // Later, login mode finds the same account.
      const later = await runFlow(new TestClient(t.app), 'line', '?mode=login');
      const second = await exchange(client, 'line', later.location.searchParams.get('code')!);
      expect(authResponseSchema.parse(second.json()).user.id).toBe(body.user.id);
      client.token = second.json().access_token;
      expect((await client.get('/api/me')).statusCode).toBe(200);
    });

    it('the code is exchanged with the PKCE verifier of the S256 challenge sent to the provider (issue 5)', async () => {
      idp.profile = { sub: 'pkce-check', name: 'PKCE' };
      const sent: Record<string, string>[] = [];
      idp.service.once('beforeResponse', (_res: unknown, req: { body: Record<string, string> }) => {
        sent.push(req.body);
      });
      const client = new TestClient(t.app);
      const urlRes = await client.get('/api/oauth/google/url?mode=register');
      const challenge = new URL(urlRes.json().redirect_url).searchParams.get('code_challenge');
      const idpRes = await fetch(urlRes.json().redirect_url, { redirect: 'manual' });
      const cb = new URL(idpRes.headers.get('location')!);
      const res = await client.get(cb.pathname + cb.search);
      expect(new URL(String(res.headers.location), APP_URL).searchParams.get('code')).toBeTruthy();
      expect(sent).toHaveLength(1);
      const verifier = sent[0]!.code_verifier!;
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
      expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
      expect(sent[0]).toMatchObject({
        grant_type: 'authorization_code',
        client_id: 'google-client',
        client_secret: 'google-secret',
      });
      // The code cannot be replayed through the callback: the state cookie is gone after one use.
      const replay = await client.get(cb.pathname + cb.search);
      expect(new URL(String(replay.headers.location), APP_URL).searchParams.get('error')).toBe('invalidCode');
    });

    it('login mode with an unknown identity sets the error cookie notFound (section 8)', async () => {
      idp.profile = {
        sub: 'google-stranger',
        name: 'Stranger',
        email: 'stranger@example.com',
        email_verified: true,
      };
      const { location, cookies } = await runFlow(new TestClient(t.app), 'google', '?mode=login');
      expect(location.pathname).toBe('/oauth/google');
      expect(location.searchParams.get('error')).toBe('notFound');
      expect(cookies.find((c) => c.name === OAUTH_ERROR_COOKIE)).toMatchObject({
        value: 'notFound',
        maxAge: 86400,
        secure: true,
        sameSite: 'Strict',
      });
      expect(cookies.find((c) => c.name === OAUTH_MODE_COOKIE)?.value).toBe('login');
    });

    it('a state that does not match, or no state cookie, is invalidCode; a refused code is invalidCode; a provider failure is failed (section 8)', async () => {
      idp.profile = { sub: 'someone' };
      const tampered = await runFlow(new TestClient(t.app), 'google', '', (cb) =>
        cb.searchParams.set('state', 'x'.repeat(32)),
      );
      expect(tampered.location.searchParams.get('error')).toBe('invalidCode');

      const client = new TestClient(t.app);
      const urlRes = await client.get('/api/oauth/google/url');
      const idpRes = await fetch(urlRes.json().redirect_url, { redirect: 'manual' });
      const cb = new URL(idpRes.headers.get('location')!);
      const noCookie = await new TestClient(t.app).get(cb.pathname + cb.search);
      expect(new URL(String(noCookie.headers.location), APP_URL).searchParams.get('error')).toBe(
        'invalidCode',
      );

      idp.failNextToken('invalid_grant', 400);
      const refused = await runFlow(new TestClient(t.app), 'google', '?mode=register');
      expect(refused.location.searchParams.get('error')).toBe('invalidCode');

      idp.failNextToken('server_error', 500);
      const broken = await runFlow(new TestClient(t.app), 'google', '?mode=register');
      expect(broken.location.searchParams.get('error')).toBe('failed');

      const denied = await runFlow(new TestClient(t.app), 'google', '', (c) => {
        c.searchParams.delete('code');
        c.searchParams.set('error', 'access_denied');
      });
      expect(denied.location.searchParams.get('error')).toBe('failed');
    });

    it('a signed-in user links a provider, and DELETE /api/oauth/{provider} unlinks it, answering the user (section 7)', async () => {
      const supporter = await loginAs(t, 'supporter@example.com');
      idp.profile = {
        sub: 'google-supporter',
        name: 'Hanako',
        email: 'supporter@example.com',
        email_verified: true,
      };
      const { location } = await runFlow(supporter, 'google', '?mode=login');
      const linked = await exchange(supporter, 'google', location.searchParams.get('code')!);
      const user = authResponseSchema.parse(linked.json()).user;
      expect(user.email).toBe('supporter@example.com');
      expect(user.social_accounts.map((s) => s.provider)).toEqual(['google']);

      const res = await supporter.delete('/api/oauth/google');
      expect(res.statusCode).toBe(200);
      expect(userSchema.parse(res.json()).social_accounts).toEqual([]);
      const notLinked = await supporter.delete('/api/oauth/google');
      expect(notLinked.statusCode).toBe(422);
      expect(notLinked.json().errors).toEqual({ provider: [OAUTH_MESSAGES.notLinked] });
    });

    it('unlinking the last way to log in is refused (section 7)', async () => {
      idp.profile = { sub: 'only-line', name: 'ひとつだけ' };
      const client = new TestClient(t.app);
      const { location } = await runFlow(client, 'line', '?mode=register');
      client.token = (await exchange(client, 'line', location.searchParams.get('code')!)).json().access_token;
      const refused = await client.delete('/api/oauth/line');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ provider: [OAUTH_MESSAGES.lastLoginMethod] });

      // With a second provider linked, the first can go.
      idp.profile = { sub: 'only-line-google', name: 'ひとつだけ' };
      const link = await runFlow(client, 'google', '?mode=login');
      client.token = (
        await exchange(client, 'google', link.location.searchParams.get('code')!)
      ).json().access_token;
      const ok = await client.delete('/api/oauth/line');
      expect(ok.statusCode).toBe(200);
      expect(userSchema.parse(ok.json()).social_accounts.map((s) => s.provider)).toEqual(['google']);
      expect((await client.delete('/api/oauth/google')).statusCode).toBe(422);
    });

    it('an identity linked to another account cannot be linked again (failed)', async () => {
      // Issue 28 (3): this test registers the identity itself (a guest's sign-up through LINE).
      idp.profile = { sub: 'line-user-linked-elsewhere', name: 'ライン 次郎' };
      const guest = new TestClient(t.app);
      const signUp = await runFlow(guest, 'line', '?mode=register');
      const registered = await exchange(guest, 'line', signUp.location.searchParams.get('code')!);
      expect(registered.statusCode, registered.body).toBe(200);
      const owner = await loginAs(t, 'owner@example.com');
      const { location } = await runFlow(owner, 'line', '?mode=login');
      expect(location.searchParams.get('error')).toBe('failed');
    });
  });
}

describe('X answers its user inside `data` (OAuth 2.0 with PKCE, HTTP Basic client auth)', () => {
  let t: TestApp;
  let idp: OAuthProvider;
  beforeAll(async () => {
    idp = await startOAuthProvider();
    t = await createAccountsApp('pglite', idp.envFor(['x']));
  });
  afterAll(async () => {
    await t.close();
    await idp.stop();
  });

  it('signs up with the X handle and profile URL', async () => {
    idp.profile = { data: { id: '4242', name: 'エックス 太郎', username: 'x_taro' } };
    const sent: { body: Record<string, string>; authorization?: string }[] = [];
    idp.service.once(
      'beforeResponse',
      (_res: unknown, req: { body: Record<string, string>; headers: Record<string, string> }) => {
        sent.push({ body: req.body, authorization: req.headers.authorization });
      },
    );
    const client = new TestClient(t.app);
    const urlRes = await client.get('/api/oauth/x/url?mode=register');
    const idpRes = await fetch(urlRes.json().redirect_url, { redirect: 'manual' });
    const cb = new URL(idpRes.headers.get('location')!);
    const res = await client.get(cb.pathname + cb.search);
    const code = new URL(String(res.headers.location), APP_URL).searchParams.get('code')!;
    const login = await client.post('/api/oauth/x/login', { code });
    expect(login.statusCode).toBe(200);
    expect(sent[0]?.authorization).toBe(`Basic ${Buffer.from('x-client:x-secret').toString('base64')}`);
    expect(sent[0]?.body.client_secret).toBeUndefined();
    expect(login.json().user.social_accounts).toEqual([
      {
        id: expect.any(Number),
        provider: 'x',
        handle: 'x_taro',
        profile_url: 'https://x.com/x_taro',
        status: '承認',
      },
    ]);
  });
});
