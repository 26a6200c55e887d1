import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The local stand-in of a Web Push service (issue 26 "Channels: Web Push"), for development and tests: it is
 * the browser and its push service at once. `subscribe(applicationServerKey)` makes a subscription as
 * `PushManager.subscribe` does (an endpoint on this server, a P-256 key pair and an auth secret, the private
 * half kept here), and a push to the endpoint is checked as a push service checks it (RFC 8030, RFC 8292):
 * - `Authorization: vapid t=<JWT>, k=<key>`: the JWT is ES256 signed by `k`, its `aud` is this service's
 *   origin, `exp` is in the future and at most 24 hours ahead, `sub` is a mailto: or https: contact → else 401;
 *   `k` is the applicationServerKey the subscription was made with → else 403;
 * - `TTL` present, `Content-Encoding: aes128gcm`, at most 4096 bytes → else 400 / 415 / 413;
 * - an unknown endpoint → 404, one marked gone (`expire`) → 410;
 * then the payload is decrypted (RFC 8291, RFC 8188) with the subscription's private key and auth secret and
 * kept in `messages` (and `GET /__messages` for e2e); 201 Created.
 */
export interface StandinSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushStandinMessage {
  endpoint: string;
  /** The decrypted payload. */
  payload: string;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  at: string;
}

export interface PushStandin {
  url: string;
  messages: PushStandinMessage[];
  /** Every push answered: endpoint and status. */
  requests: { endpoint: string; status: number; reason?: string }[];
  subscribe(applicationServerKey: string): StandinSubscription;
  /** The browser dropped the subscription: pushes to it answer 410 Gone. */
  expire(endpoint: string): void;
  /** The next `times` pushes answer `status` (429, 500, 503). */
  failNext(status: number, times?: number): void;
  clear(): void;
  close(): Promise<void>;
}

interface Held {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string;
  gone: boolean;
}

const b64 = (s: string) => Buffer.from(s, 'base64url');

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of an aes128gcm body for the receiver's keys. */
export function decryptAes128gcm(
  body: Buffer,
  receiver: { ecdh: ECDH; publicKey: Buffer; auth: Buffer },
): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65 || rs < 18) throw new Error('bad aes128gcm header');
  const ecdhSecret = receiver.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const parts: Buffer[] = [];
  for (let i = 0, at = 0; at < ciphertext.length; i++, at += rs) {
    const record = ciphertext.subarray(at, Math.min(at + rs, ciphertext.length));
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ i) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = at + rs >= ciphertext.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

/** RFC 8292: why a `vapid` Authorization is refused (401), or null. */
export function vapidProblem(
  authorization: string | undefined,
  audience: string,
  now = Date.now(),
): { problem: string; key?: string } | { problem: null; key: string } {
  const m = /^vapid\s+(.*)$/i.exec(authorization ?? '');
  if (!m) return { problem: 'no vapid authorization' };
  const params = Object.fromEntries(
    m[1]!.split(',').map((p) => {
      const [k, ...v] = p.trim().split('=');
      return [k!.trim(), v.join('=').trim()];
    }),
  ) as { t?: string; k?: string };
  if (!params.t || !params.k) return { problem: 'vapid t and k are required' };
  const [h, c, s] = params.t.split('.');
  if (!h || !c || !s) return { problem: 'malformed JWT' };
  let header: { alg?: string };
  let claims: { aud?: string; exp?: number; sub?: string };
  try {
    header = JSON.parse(b64(h).toString('utf8')) as typeof header;
    claims = JSON.parse(b64(c).toString('utf8')) as typeof claims;
  } catch {
    return { problem: 'malformed JWT' };
  }
  if (header.alg !== 'ES256') return { problem: 'alg must be ES256', key: params.k };
  const point = b64(params.k);
  if (point.length !== 65 || point[0] !== 4) return { problem: 'k is not an uncompressed P-256 point' };
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, b64(s));
  if (!signed) return { problem: 'bad signature', key: params.k };
  if (claims.aud !== audience) return { problem: `aud must be ${audience}`, key: params.k };
  const nowS = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= nowS) return { problem: 'expired', key: params.k };
  if (claims.exp > nowS + 24 * 60 * 60 + 60)
    return { problem: 'exp more than 24 hours ahead', key: params.k };
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub))
    return { problem: 'sub must be mailto: or https:', key: params.k };
  return { problem: null, key: params.k };
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startPushStandin(options: { port?: number; host?: string } = {}): Promise<PushStandin> {
  const held = new Map<string, Held>();
  const messages: PushStandinMessage[] = [];
  const requests: PushStandin['requests'] = [];
  const failures: number[] = [];
  const host = options.host ?? '127.0.0.1';
  let origin = '';

  const subscribe = (applicationServerKey: string): StandinSubscription => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const publicKey = ecdh.getPublicKey();
    const auth = randomBytes(16);
    const id = randomUUID();
    held.set(id, { ecdh, publicKey, auth, applicationServerKey, gone: false });
    return {
      endpoint: `${origin}/push/${id}`,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    };
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname === '/__messages' && req.method === 'GET') return json(res, 200, messages);
      if (url.pathname === '/__messages' && req.method === 'DELETE') {
        messages.length = 0;
        return json(res, 200, {});
      }
      if (url.pathname === '/__subscriptions' && req.method === 'POST') {
        const { applicationServerKey } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
          applicationServerKey?: string;
        };
        if (!applicationServerKey) return json(res, 400, { error: 'applicationServerKey is required' });
        return json(res, 201, subscribe(applicationServerKey));
      }
      if (url.pathname === '/__gone' && req.method === 'POST') {
        const { endpoint } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as {
          endpoint?: string;
        };
        const id = endpoint?.split('/push/')[1];
        const sub = id ? held.get(id) : undefined;
        if (sub) sub.gone = true;
        return json(res, sub ? 200 : 404, {});
      }
      const m = /^\/push\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (!m || req.method !== 'POST') return json(res, 404, { error: 'not found' });
      const endpoint = `${origin}${url.pathname}`;
      const body = await readBody(req);
      const reply = (status: number, reason?: string) => {
        requests.push({ endpoint, status, ...(reason ? { reason } : {}) });
        json(res, status, reason ? { error: reason } : {});
      };
      const sub = held.get(m[1]!);
      if (!sub) return reply(404, 'no such subscription');
      if (sub.gone) return reply(410, 'subscription expired');
      const vapid = vapidProblem(req.headers.authorization, origin);
      if (vapid.problem) return reply(401, vapid.problem);
      if (vapid.key !== sub.applicationServerKey) return reply(403, 'k is not the key of the subscription');
      const failure = failures.shift();
      if (failure) return reply(failure, 'told to fail');
      const ttl = req.headers.ttl;
      if (ttl === undefined || !/^[0-9]+$/.test(String(ttl))) return reply(400, 'TTL header required');
      if (req.headers['content-encoding'] !== 'aes128gcm')
        return reply(415, 'Content-Encoding must be aes128gcm');
      if (body.length > 4096) return reply(413, 'payload too large');
      let payload: string;
      try {
        payload = decryptAes128gcm(body, sub).toString('utf8');
      } catch (err) {
        return reply(400, `cannot decrypt: ${(err as Error).message}`);
      }
      messages.push({
        endpoint,
        payload,
        ttl: Number(ttl),
        topic: (req.headers.topic as string | undefined) ?? null,
        urgency: (req.headers.urgency as string | undefined) ?? null,
        at: new Date().toISOString(),
      });
      res.setHeader('location', `${origin}/message/${randomUUID()}`);
      reply(201);
    })().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    messages,
    requests,
    subscribe,
    expire(endpoint) {
      const id = endpoint.split('/push/')[1];
      const sub = id ? held.get(id) : undefined;
      if (sub) sub.gone = true;
    },
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    clear() {
      messages.length = 0;
      requests.length = 0;
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
