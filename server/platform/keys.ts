import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One secret (APP_SECRET) and a key per purpose derived from it, so that a value signed for one use
 * (an e-mail link) can never be replayed as another (an access token).
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`focustar:${purpose}`).digest();
}

export function hmac(key: Buffer, data: string): string {
  return createHmac('sha256', key).update(data).digest('base64url');
}

/** Constant-time string comparison (both sides are short base64url values). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Tokens sent by mail or in a URL are stored hashed: a leaked table row cannot be used as a link. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
