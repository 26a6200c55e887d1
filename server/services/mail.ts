import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '../env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const SIGNATURE = [
  '',
  '──────────────────',
  'Focustar（フォーカスター）',
  'このメールは送信専用です。ご返信いただいてもお答えできません。',
  'お心当たりのない場合は、このメールを破棄してください。',
].join('\n');

/**
 * Mail over SMTP (SMTP_URL). Without it (development), each mail is written to DATA_DIR/mail as an
 * .eml file and its links are logged, so a developer can follow a sign-up without a mail server.
 */
export function createMailer(env: Env, log: FastifyBaseLogger): Mailer {
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message, text: message.text + SIGNATURE });
      },
    };
  }
  const dir = resolve(join(env.DATA_DIR, 'mail'));
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  log.info({ dir }, 'SMTP_URL is not set: mails are written to files');
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message, text: message.text + SIGNATURE });
      mkdirSync(dir, { recursive: true });
      const file = join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'development mail written');
    },
  };
}

/** The mails of the account flows, in Japanese. */
export const mails = {
  verifyEmail: (name: string, url: string): Omit<MailMessage, 'to'> => ({
    subject: '【Focustar】メールアドレスの確認をお願いします',
    text: [
      `${name} 様`,
      '',
      'Focustar（フォーカスター）にご登録いただき、ありがとうございます。',
      '以下のリンクを開いて、メールアドレスの確認を完了してください。',
      '',
      url,
      '',
      'このリンクの有効期限は60分です。期限が切れた場合は、ログイン後に確認メールを再送信してください。',
    ].join('\n'),
  }),
  resetPassword: (name: string, url: string): Omit<MailMessage, 'to'> => ({
    subject: '【Focustar】パスワード再設定のご案内',
    text: [
      `${name} 様`,
      '',
      'パスワード再設定のお申し込みを受け付けました。',
      '以下のリンクを開いて、新しいパスワードを設定してください。',
      '',
      url,
      '',
      'このリンクの有効期限は60分で、一度だけ使えます。',
      'パスワードを再設定すると、すべての端末でログアウトされます。',
      'お申し込みに心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
    ].join('\n'),
  }),
  passwordChanged: (name: string): Omit<MailMessage, 'to'> => ({
    subject: '【Focustar】パスワードが変更されました',
    text: [
      `${name} 様`,
      '',
      'Focustarアカウントのパスワードが再設定されました。安全のため、すべての端末でログアウトしています。',
      'お心当たりがない場合は、至急お問い合わせフォームからご連絡ください。',
    ].join('\n'),
  }),
  left: (name: string): Omit<MailMessage, 'to'> => ({
    subject: '【Focustar】退会手続きが完了しました',
    text: [
      `${name} 様`,
      '',
      'Focustarの退会手続きが完了しました。これまでご利用いただき、ありがとうございました。',
      '報酬の支払い記録など、法令で保存が必要な記録は個人を特定できない形で保管します。',
    ].join('\n'),
  }),
};
