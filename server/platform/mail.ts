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
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends after the answer: the timing of a request must not reveal whether an account exists, and a
   * slow SMTP server must not hold the request. A failure is logged.
   */
  sendLater(message: MailMessage): void;
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

/**
 * Mail over SMTP (SMTP_URL, required in production). Without it (development and tests), each mail is
 * written to DATA_DIR/mail as an .eml file, so a developer can follow a sign-up without a mail server.
 * NOTE: no environment logs a mail's text, links (they carry reset tokens and signed links, issue 10
 * item 2) or recipient (an e-mail address, issue 17): only its kind, on the logger of the request or job
 * that sends it, so the line carries that request's id.
 */
export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  const send = createTransport(env, log);
  return {
    send,
    sendLater(message) {
      send(message).catch((err) =>
        currentLog(log).error({ err, kind: message.kind ?? 'mail' }, 'mail could not be sent'),
      );
    },
  };
}

function createTransport(env: Env, log: FastifyBaseLogger): Mailer['send'] {
  const from = env.MAIL_FROM;
  const envelope = ({ to, subject, text, attachments }: MailMessage) => ({
    from,
    to,
    subject,
    text: text + SIGNATURE,
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
