import { decodeJwt } from 'jose';
import { TokenSigner } from '../../server/platform/tokens.ts';
import { E2E_APP_SECRET } from './ports.ts';

/**
 * Makes a real access token look 20 minutes older: the same login (sid) and token id (jti), re-signed
 * by the server's own TokenSigner with the e2e server's secret, with `iat`/`exp` moved into the past.
 * To the server it is exactly the token it issued, expired; waiting 15 minutes would give the same.
 * (ADR 0042: the server's clock cannot be moved from a browser test, the token's can.)
 */
export async function expiredCopyOf(token: string, agoSeconds = 20 * 60): Promise<string> {
  const claims = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  const signer = new TokenSigner(E2E_APP_SECRET);
  return signer.sign({
    sub: String(claims.sub),
    sid: String(claims.sid),
    jti: String(claims.jti),
    iat: now - agoSeconds,
    exp: now - agoSeconds + 15 * 60,
  });
}
