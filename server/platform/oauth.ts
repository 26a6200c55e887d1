import { createHash, randomBytes } from 'node:crypto';
import type { LoginProvider, OAuthErrorType } from '../../contracts/oauth.ts';
import type { Env } from './env.ts';

/**
 * Social login with OAuth 2.0 / OpenID Connect (ADR 0011): the authorization code flow with state and
 * PKCE (S256) for LINE, X and Google. Endpoints come from env, so tests run this very code against a
 * local oauth2-mock-server.
 */
export interface ProviderConfig {
  id: LoginProvider;
  label: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
  /** How the client authenticates at the token endpoint. X wants HTTP Basic; LINE and Google take the body. */
  tokenAuth: 'basic' | 'post';
}

export interface OAuthProfile {
  id: string;
  name: string | null;
  handle: string | null;
  email: string | null;
  emailVerified: boolean;
  picture: string | null;
  profileUrl: string | null;
}

export class OAuthError extends Error {
  constructor(
    readonly type: OAuthErrorType,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthError';
  }
}

export function providerConfigs(env: Env): Partial<Record<LoginProvider, ProviderConfig>> {
  const out: Partial<Record<LoginProvider, ProviderConfig>> = {};
  if (env.LINE_CLIENT_ID && env.LINE_CLIENT_SECRET) {
    out.line = {
      id: 'line',
      label: 'LINE',
      clientId: env.LINE_CLIENT_ID,
      clientSecret: env.LINE_CLIENT_SECRET,
      authorizeUrl: env.LINE_AUTHORIZE_URL,
      tokenUrl: env.LINE_TOKEN_URL,
      userinfoUrl: env.LINE_USERINFO_URL,
      scope: 'openid profile',
      tokenAuth: 'post',
    };
  }
  if (env.X_CLIENT_ID && env.X_CLIENT_SECRET) {
    out.x = {
      id: 'x',
      label: 'X',
      clientId: env.X_CLIENT_ID,
      clientSecret: env.X_CLIENT_SECRET,
      authorizeUrl: env.X_AUTHORIZE_URL,
      tokenUrl: env.X_TOKEN_URL,
      userinfoUrl: env.X_USERINFO_URL,
      scope: 'users.read tweet.read',
      tokenAuth: 'basic',
    };
  }
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    out.google = {
      id: 'google',
      label: 'Google',
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      authorizeUrl: env.GOOGLE_AUTHORIZE_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userinfoUrl: env.GOOGLE_USERINFO_URL,
      scope: 'openid email profile',
      tokenAuth: 'post',
    };
  }
  return out;
}

export function newPkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(
  config: ProviderConfig,
  params: { state: string; codeChallenge: string; redirectUri: string },
): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', params.state);
  url.searchParams.set('code_challenge', params.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** Exchanges the code (with the PKCE verifier) and reads the profile. Throws OAuthError. */
export async function fetchProfile(
  config: ProviderConfig,
  params: { code: string; verifier: string; redirectUri: string },
): Promise<OAuthProfile> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    code_verifier: params.verifier,
    client_id: config.clientId,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (config.tokenAuth === 'basic') {
    const basic = `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  } else {
    body.set('client_secret', config.clientSecret);
  }
  let tokenRes: Response;
  try {
    tokenRes = await fetch(config.tokenUrl, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new OAuthError('failed', `token endpoint unreachable: ${(err as Error).message}`);
  }
  const tokenJson = (await tokenRes.json().catch(() => ({}))) as Record<string, unknown>;
  if (!tokenRes.ok) {
    // invalid_grant: the code was used, expired or does not match the verifier (RFC 6749 5.2).
    const type = tokenJson.error === 'invalid_grant' || tokenRes.status === 400 ? 'invalidCode' : 'failed';
    throw new OAuthError(type, `token endpoint answered ${tokenRes.status} ${String(tokenJson.error ?? '')}`);
  }
  const accessToken = tokenJson.access_token;
  if (typeof accessToken !== 'string' || !accessToken) {
    throw new OAuthError('failed', 'token endpoint answered no access_token');
  }

  let infoRes: Response;
  try {
    const url = new URL(config.userinfoUrl);
    if (config.id === 'x') url.searchParams.set('user.fields', 'profile_image_url,username,name');
    infoRes = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new OAuthError('failed', `userinfo endpoint unreachable: ${(err as Error).message}`);
  }
  if (!infoRes.ok) throw new OAuthError('failed', `userinfo endpoint answered ${infoRes.status}`);
  const raw = (await infoRes.json().catch(() => null)) as Record<string, unknown> | null;
  // X wraps the user in `data`; LINE and Google answer OIDC userinfo claims.
  const info = (raw && typeof raw.data === 'object' && raw.data ? raw.data : raw) as Record<
    string,
    unknown
  > | null;
  const id = info?.sub ?? info?.id;
  if (typeof id !== 'string' && typeof id !== 'number') {
    throw new OAuthError('failed', 'userinfo has no subject');
  }
  const str = (v: unknown, max = 200) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);
  const handle = str(info?.username) ?? str(info?.preferred_username);
  return {
    id: String(id).slice(0, 255),
    name: str(info?.name, 50),
    handle,
    email: str(info?.email, 254)?.toLowerCase() ?? null,
    emailVerified: info?.email_verified === true || info?.email_verified === 'true',
    picture: str(info?.picture, 1000) ?? str(info?.profile_image_url, 1000),
    profileUrl: config.id === 'x' && handle ? `https://x.com/${handle}` : null,
  };
}
