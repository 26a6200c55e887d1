import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from './env.ts';
import { currentLog } from './logging.ts';

export interface MailMessage {
  to: string;
  /** What the mail is (`password-reset`, `verify-email`…): the one thing logged besides the recipient. */
  kind?: string;
  subject: string;
  text: string;
  /**
   * Files sent with the mail (issue 27: the monthly report's PDF). The content is base64, so a queued mail
   * stays plain JSON in its job.
   */
  attachments?: MailAttachment[];
  /**
   * Stable across retries (issue 26 "One outbox"): the outbox derives it from the delivery's key, so a mail
   * sent twice (a crash between the send and its record) is recognisably the same message.
   */
  messageId?: string;
  /** The app path the mail's button opens (made absolute with APP_URL). */
  path?: string;
  /** Extra headers: informational mail's `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
}

/**
 * The SMTP side of the outbox's mail channel (server/platform/notify/mail-channel.ts): every mail goes
 * through `notify` in the transaction of its change (issue 26, ADR 0178), never straight to this.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** A mail's kind, subject and body; the recipient is added by the caller. */
export type MailContent = Omit<MailMessage, 'to'>;

const SIGNATURE = [
  '',
  '──────────────────',
  'Focustar（フォーカスター）',
  'このメールは送信専用です。ご返信いただいてもお答えできません。',
  'お心当たりのない場合は、このメールを破棄してください。',
].join('\n');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text's lines as HTML paragraphs, its links clickable. */
function htmlLines(text: string): string {
  return text
    .split(/\n{2,}/)
    .map(
      (para) =>
        `<p style="margin:0 0 16px;line-height:1.7">${escapeHtml(para)
          .replace(
            /https?:\/\/[^\s<]+/g,
            (url) => `<a href="${url}" style="color:#c2410c;word-break:break-all">${url}</a>`,
          )
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
}

/**
 * Issue 26: the one layout of every mail, as text and as HTML (a header with the service's name, the
 * subject, the text, a button to the screen when there is one, the signature).
 */
export function mailLayout(
  env: Pick<Env, 'APP_URL'>,
  mail: { subject: string; text: string; path?: string | undefined },
): { text: string; html: string } {
  const url = mail.path ? new URL(mail.path, env.APP_URL ?? 'http://localhost:3000').toString() : null;
  const text = url && !/https?:\/\//.test(mail.text) ? `${mail.text}\n\n${url}` : mail.text;
  const button = url
    ? `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#ea580c;color:#fff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold">画面を開く</a></p>`
    : '';
  const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;background:#f5f5f4;font-family:'Hiragino Sans','Noto Sans JP',sans-serif;color:#1c1917">
<div style="max-width:600px;margin:0 auto;background:#fff">
<div style="background:#ea580c;color:#fff;padding:16px 24px;font-weight:bold;font-size:18px">Focustar（フォーカスター）</div>
<div style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(mail.subject)}</h1>
${htmlLines(text)}${button}
</div>
<div style="padding:16px 24px;border-top:1px solid #e7e5e4;font-size:12px;color:#78716c">${htmlLines(SIGNATURE.trim().replace(/^─+\n/, ''))}</div>
</div></body></html>`;
  return { text: text + SIGNATURE, html };
}

/**
 * Mail over SMTP (SMTP_URL, required in production). Without it (development and tests), each mail is
 * written to DATA_DIR/mail as an .eml file, so a developer can follow a sign-up without a mail server.
 * NOTE: no environment logs a mail's text, links (they carry reset tokens and signed links, issue 10
 * item 2) or recipient (an e-mail address, issue 17): only its kind, on the logger of the request or job
 * that sends it, so the line carries that request's id.
 */
export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  return { send: createTransport(env, log) };
}

function createTransport(env: Env, log: FastifyBaseLogger): Mailer['send'] {
  const from = env.MAIL_FROM;
  const envelope = ({ to, subject, text, attachments, messageId, path, headers }: MailMessage) => ({
    from,
    to,
    subject,
    ...mailLayout(env, { subject, text, path }),
    ...(messageId ? { messageId } : {}),
    ...(headers ? { headers } : {}),
    ...(attachments?.length
      ? { attachments: attachments.map((a) => ({ ...a, encoding: 'base64' as const })) }
      : {}),
  });
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return async (message) => {
      await transport.sendMail(envelope(message));
      currentLog(log).info({ kind: message.kind ?? 'mail' }, 'mail sent');
    };
  }
  const dir = resolve(join(env.DATA_DIR, 'mail'));
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  log.info({ dir }, 'SMTP_URL is not set: mails are written to files');
  return async (message) => {
    const info = await transport.sendMail(envelope(message));
    mkdirSync(dir, { recursive: true });
    const file = join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    writeFileSync(file, info.message as Buffer);
    currentLog(log).info({ kind: message.kind ?? 'mail', file }, 'development mail written');
  };
}
