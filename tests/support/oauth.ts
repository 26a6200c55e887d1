import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';
import type { LoginProvider } from '../../contracts/oauth.ts';

/**
 * A real OAuth 2.0 / OpenID Connect provider on loopback (oauth2-mock-server): it really checks PKCE,
 * issues codes and tokens, and answers userinfo. `profile` sets who "logs in" next; `envFor` gives the
 * env variables that point the app's production OAuth code at it for LINE, X and Google.
 */
export interface OAuthProvider {
  url: string;
  port: number;
  service: OAuth2Service;
  /** The userinfo answer (OIDC claims; X-style answers can be given as `{ data: {...} }`). */
  profile: Record<string, unknown>;
  /** Makes the next token request fail with this OAuth error (e.g. invalid_grant). */
  failNextToken(error?: string, status?: number): void;
  envFor(providers?: readonly LoginProvider[]): Record<string, string>;
  stop(): Promise<void>;
}

export async function startOAuthProvider(): Promise<OAuthProvider> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  const service = new OAuth2Service(issuer);
  // NOTE: our own HTTP server (not OAuth2Server) so that stop() can close kept-alive connections at
  // once instead of waiting for their idle timeout.
  const http = createServer(service.requestHandler);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  issuer.url = url;
  const server = { service };
  const provider: OAuthProvider = {
    url,
    port,
    service,
    profile: { sub: 'oauth-user-1', name: 'テスト 太郎' },
    failNextToken(error = 'invalid_grant', status = 400) {
      server.service.once('beforeResponse', (response: { body: unknown; statusCode: number }) => {
        response.body = { error };
        response.statusCode = status;
      });
    },
    envFor(providers = ['line', 'x', 'google']) {
      const env: Record<string, string> = {};
      for (const p of providers) {
        const prefix = p.toUpperCase();
        env[`${prefix}_CLIENT_ID`] = `${p}-client`;
        env[`${prefix}_CLIENT_SECRET`] = `${p}-secret`;
        env[`${prefix}_AUTHORIZE_URL`] = `${url}/authorize`;
        env[`${prefix}_TOKEN_URL`] = `${url}/token`;
        env[`${prefix}_USERINFO_URL`] = `${url}/userinfo`;
      }
      return env;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
  server.service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }) => {
    response.body = provider.profile;
    response.statusCode = 200;
  });
  return provider;
}
