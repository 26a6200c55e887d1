import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The local stand-in of the LINE Messaging API (issue 26 "Channels: LINE"), as the SNS stand-in is for oEmbed:
 * an HTTP server on loopback that answers `POST /v2/bot/message/push` as LINE does (developers.line.biz,
 * Messaging API reference "Status codes", "Error responses", "Retry failed API requests"):
 * - 401 `Authentication failed…` for a missing or wrong channel access token;
 * - 400 `The request body has N error(s)` with `details` ({ message, property }) for a body LINE refuses
 *   (no or malformed `to`, 0 or more than 5 messages, an unknown message type, an empty or long text or
 *   altText, a button's uri not http(s)/line/tel or longer than 1000), 400 for a malformed retry key;
 * - 409 `The retry key is already accepted` (with `x-line-accepted-request-id` and the sent messages) for a
 *   retry key it accepted before: a repeat is recognised, never delivered twice;
 * - 429 `Too Many Requests` or 500 when told to (`failNext`, or `POST /__fail`).
 * What it accepted is kept in `sent` (and `GET /__sent` for e2e, another process); `DELETE /__sent` clears.
 */
export const STANDIN_LINE_TOKEN = 'standin-line-channel-access-token';

export interface LineStandinMessage {
  requestId: string;
  retryKey: string | null;
  to: string;
  messages: Record<string, unknown>[];
  at: string;
}

export interface LineStandin {
  url: string;
  token: string;
  sent: LineStandinMessage[];
  /** Every request answered (status and retry key), for tests. */
  requests: { status: number; retryKey: string | null }[];
  /** The next `times` pushes answer `status` (429, 500, 503) before any check but the token. */
  failNext(status: number, times?: number): void;
  clear(): void;
  close(): Promise<void>;
}

const USER_ID = /^U[0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MESSAGE_TYPES = [
  'text',
  'image',
  'video',
  'audio',
  'location',
  'sticker',
  'template',
  'imagemap',
  'flex',
];

interface Detail {
  message: string;
  property: string;
}

/** The checks LINE makes of a push message body that the app's messages could fail. */
export function lineBodyErrors(body: unknown): Detail[] {
  const errors: Detail[] = [];
  const b = (body ?? {}) as Record<string, unknown>;
  if (typeof b.to !== 'string' || b.to === '') errors.push({ message: 'Must not be empty', property: 'to' });
  if (!Array.isArray(b.messages)) {
    errors.push({ message: 'Must not be empty', property: 'messages' });
    return errors;
  }
  if (b.messages.length < 1 || b.messages.length > 5)
    errors.push({ message: 'Size must be between 1 and 5', property: 'messages' });
  b.messages.forEach((raw, i) => {
    const m = (raw ?? {}) as Record<string, unknown>;
    const at = `messages[${i}]`;
    if (typeof m.type !== 'string' || !MESSAGE_TYPES.includes(m.type)) {
      errors.push({
        message: `Must be one of the following values: [${MESSAGE_TYPES.join(', ')}]`,
        property: `${at}.type`,
      });
      return;
    }
    if (m.type === 'text') {
      if (typeof m.text !== 'string' || m.text === '')
        errors.push({ message: 'May not be empty', property: `${at}.text` });
      else if (m.text.length > 5000)
        errors.push({ message: 'Length must be between 0 and 5000', property: `${at}.text` });
    }
    if (m.type === 'flex' || m.type === 'template') {
      const max = m.type === 'flex' ? 1500 : 400;
      if (typeof m.altText !== 'string' || m.altText === '')
        errors.push({ message: 'May not be empty', property: `${at}.altText` });
      else if (m.altText.length > max)
        errors.push({ message: `Length must be between 0 and ${max}`, property: `${at}.altText` });
    }
    if (m.type === 'flex') {
      const contents = (m.contents ?? {}) as Record<string, unknown>;
      if (contents.type !== 'bubble' && contents.type !== 'carousel')
        errors.push({
          message: 'Must be one of the following values: [bubble, carousel]',
          property: `${at}.contents.type`,
        });
      walkActions(contents, `${at}.contents`, errors);
    }
    if (m.type === 'template') walkActions(m.template, `${at}.template`, errors);
  });
  return errors;
}

function walkActions(node: unknown, path: string, errors: Detail[]): void {
  if (Array.isArray(node)) {
    node.forEach((child, i) => walkActions(child, `${path}[${i}]`, errors));
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'uri' && typeof value === 'string') {
      if (!/^(https?:\/\/|line:\/\/|tel:)/.test(value))
        errors.push({ message: 'invalid uri scheme', property: `${path}.uri` });
      else if (value.length > 1000)
        errors.push({ message: 'Length must be between 0 and 1000', property: `${path}.uri` });
    } else if (key === 'label' && typeof value === 'string' && value.length > 40) {
      errors.push({ message: 'Length must be between 0 and 40', property: `${path}.label` });
    } else walkActions(value, `${path}.${key}`, errors);
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

export async function startLineStandin(
  options: { port?: number; host?: string; token?: string } = {},
): Promise<LineStandin> {
  const token = options.token ?? STANDIN_LINE_TOKEN;
  const sent: LineStandinMessage[] = [];
  const requests: LineStandin['requests'] = [];
  const accepted = new Map<string, LineStandinMessage>();
  const failures: number[] = [];

  const answer = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-line-request-id': randomUUID(),
      ...headers,
    });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (url.pathname === '/__sent' && req.method === 'GET') return answer(res, 200, sent);
      if (url.pathname === '/__sent' && req.method === 'DELETE') {
        sent.length = 0;
        accepted.clear();
        return answer(res, 200, {});
      }
      if (url.pathname === '/__fail' && req.method === 'POST') {
        const { status, times } = JSON.parse((await readBody(req)) || '{}') as {
          status?: number;
          times?: number;
        };
        for (let i = 0; i < (times ?? 1); i++) failures.push(status ?? 429);
        return answer(res, 200, {});
      }
      if (url.pathname !== '/v2/bot/message/push' || req.method !== 'POST')
        return answer(res, 404, { message: 'Not found' });
      const raw = await readBody(req);
      const retryKey = (req.headers['x-line-retry-key'] as string | undefined) ?? null;
      const reply = (status: number, body: unknown, headers?: Record<string, string>) => {
        requests.push({ status, retryKey });
        answer(res, status, body, headers);
      };
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer '))
        return reply(401, {
          message:
            "Authorization header required. Must follow the scheme, 'Authorization: Bearer <ACCESS TOKEN>'",
        });
      if (auth.slice(7) !== token)
        return reply(401, {
          message:
            'Authentication failed. Confirm that the access token in the authorization header is valid.',
        });
      const failure = failures.shift();
      if (failure === 429) return reply(429, { message: 'Too Many Requests' });
      if (failure) return reply(failure, { message: 'An error occurred in the internal server' });
      if (retryKey !== null && !UUID.test(retryKey))
        return reply(400, { message: "The value for the 'X-Line-Retry-Key' header is invalid" });
      if (retryKey) {
        const before = accepted.get(retryKey.toLowerCase());
        if (before)
          return reply(
            409,
            {
              message: 'The retry key is already accepted',
              sentMessages: before.messages.map(() => ({ id: randomBytes(9).readBigUInt64BE().toString() })),
            },
            { 'x-line-accepted-request-id': before.requestId },
          );
      }
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return reply(400, { message: 'The request body could not be parsed as JSON' });
      }
      const errors = lineBodyErrors(body);
      if (errors.length)
        return reply(400, { message: `The request body has ${errors.length} error(s)`, details: errors });
      const b = body as { to: string; messages: Record<string, unknown>[] };
      if (!USER_ID.test(b.to))
        return reply(400, {
          message: "The property, 'to', in the request body is invalid (line: -, column: -)",
        });
      const message: LineStandinMessage = {
        requestId: randomUUID(),
        retryKey,
        to: b.to,
        messages: b.messages,
        at: new Date().toISOString(),
      };
      sent.push(message);
      if (retryKey) accepted.set(retryKey.toLowerCase(), message);
      reply(200, {
        sentMessages: b.messages.map(() => ({ id: randomBytes(9).readBigUInt64BE().toString() })),
      });
    })().catch((err: unknown) => {
      if (!res.headersSent) answer(res, 500, { message: String(err) });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    token,
    sent,
    requests,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) failures.push(status);
    },
    clear() {
      sent.length = 0;
      requests.length = 0;
      accepted.clear();
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
