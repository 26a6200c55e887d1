import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps every mail it receives (the `smtp-server` package). The app
 * sends to it through nodemailer with SMTP_URL=`smtpUrl`; tests (and the e2e helpers) read the links.
 */
export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  /** The Message-ID header (issue 26: stable per outbox delivery). */
  messageId: string;
}

export interface MailCatcher {
  port: number;
  smtpUrl: string;
  messages: CapturedMail[];
  /** Waits for the next mail to `to` that arrives after `since` mails were already there. */
  waitFor(to: string, options?: { timeoutMs?: number; since?: number }): Promise<CapturedMail>;
  /** Mails to one address, oldest first. */
  to(address: string): CapturedMail[];
  clear(): void;
  stop(): Promise<void>;
  /**
   * Issue 26: addresses the server refuses for now with a temporary failure (451), as a mail server that is
   * down or over its limits answers; each refusal is counted. The e2e's "SMTP down" refuses one person's
   * address, so the other browsers' mails still arrive.
   */
  refused: Map<string, number>;
}

/**
 * The text/plain part of a (possibly multipart) message: its headers and body. Issue 26: every mail has a
 * text and an HTML part (multipart/alternative), inside multipart/mixed when it has attachments.
 */
function textPart(headers: string, body: string): { headers: string; body: string } {
  const boundary = /^Content-Type: *multipart\/[^;]+;.*boundary="?([^";\r\n]+)"?/im.exec(headers)?.[1];
  if (!boundary) return { headers, body };
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const [head = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const partHeaders = head.replace(/\r?\n[ \t]+/g, ' ');
    const partBody = rest.join('\n\n').replace(/\r?\n$/, '');
    if (/^Content-Type: *multipart\//im.test(partHeaders)) {
      const inner = textPart(partHeaders, partBody);
      if (inner.headers !== partHeaders) return inner;
    } else if (/^Content-Type: *text\/plain/im.test(partHeaders)) {
      return { headers: partHeaders, body: partBody };
    }
  }
  return { headers, body };
}

/** Decodes the quoted-printable or base64 text part nodemailer writes (UTF-8 Japanese text). */
function decodeBody(raw: string): { subject: string; text: string; messageId: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const part = textPart(headers, rest.join('\n\n'));
  const body = part.body;
  const subjectRaw = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const subject = subjectRaw.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQp(data.replace(/_/g, ' ')),
  );
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(part.headers)?.[1]?.trim().toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQp(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  const messageId = /^Message-ID: *(<[^>]+>)/im.exec(headers)?.[1] ?? '';
  return { subject, text, messageId };
}

function decodeQp(input: string): string {
  const soft = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Extracts the first link of a mail that starts with `prefix` (an absolute URL prefix or a path). */
export function linkIn(mail: CapturedMail, pattern: RegExp = /https?:\/\/\S+/): string {
  const match = pattern.exec(mail.text);
  if (!match) throw new Error(`no link matching ${pattern} in mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}

/**
 * A local SMTP server that keeps every message. With `hold`, each message's end is reported to
 * `hold.arrived()` and the message is accepted (kept, and answered to the sender) only once `hold.until`
 * has resolved: a mail half way through its sending (the shutdown test).
 */
export async function startMailCatcher(
  hold?: {
    until: Promise<void>;
    arrived: () => void;
  },
  /** A port to listen on (issue 26: the SMTP-down test starts the server again where it was). */
  listenPort = 0,
): Promise<MailCatcher> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const refused = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      const times = refused.get(key);
      if (times === undefined) return callback();
      refused.set(key, times + 1);
      const err = Object.assign(new Error('Requested action aborted: try again later'), {
        responseCode: 451,
      });
      return callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (hold) {
          hold.arrived();
          await hold.until;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          ...decodeBody(raw),
        });
        for (const w of waiters) w();
        callback();
      });
    },
  });
  // A client that hangs up mid-session (a server process killed by the crash test) is not an error here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const forAddress = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    port,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    to: forAddress,
    clear: () => {
      messages.length = 0;
    },
    waitFor(to, { timeoutMs = 5000, since } = {}) {
      const skip = since ?? 0;
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = forAddress(to)[skip];
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
