import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from './env.ts';
import { deriveKey, hmac } from './keys.ts';

/**
 * The device cookie (issue 24, ADR 0166): a long-lived, first-party, random id of the browser. It is no
 * credential (it opens nothing by itself); it tells "a browser that has logged in to this account before"
 * apart from a stranger behind the same IP (pentest 3), and one device from another in click counting
 * (pentest 5) and in the fraud signals. The server keeps only a keyed hash of it (`deviceHash`).
 */
export const DEVICE_COOKIE = 'fs_device';
/** 400 days: the longest a browser keeps a cookie (Chrome caps Max-Age there). */
export const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const WELL_FORMED = /^[A-Za-z0-9_-]{32}$/;

/** The device id the browser sent, when it is one we could have issued. */
export function deviceIdOf(request: FastifyRequest): string | null {
  return deviceIdIn(request.cookies);
}

/** The device id among a request's parsed cookies (issue 29: the front door parses them itself). */
export function deviceIdIn(cookies: Record<string, string | undefined> | null | undefined): string | null {
  const value = cookies?.[DEVICE_COOKIE];
  return typeof value === 'string' && WELL_FORMED.test(value) ? value : null;
}

/** The browser's device id; a new one is set on the answer when it has none. */
export function ensureDeviceId(request: FastifyRequest, reply: FastifyReply, env: Env): string {
  const known = deviceIdOf(request);
  if (known) return known;
  const id = randomBytes(24).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.NODE_ENV === 'production' || env.APP_URL.startsWith('https:'),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return id;
}

const keys = new Map<string, Buffer>();
/** The keyed hash a device is stored as (derived from APP_SECRET for this purpose only). */
export function deviceHash(appSecret: string, deviceId: string): string {
  let key = keys.get(appSecret);
  if (!key) {
    key = deriveKey(appSecret, 'device');
    keys.set(appSecret, key);
  }
  return hmac(key, deviceId);
}
