import type { MailContent } from '../../platform/mail.ts';

/** The mails of a contact message: the operators' copy and the sender's receipt. */
export const contactMails = {
  toOperators: (m: {
    id: number;
    topic: string;
    body: string;
    name: string;
    screenName: string;
    email: string | null;
  }): MailContent => ({
    subject: `【Focustar】お問い合わせ #${m.id}（${m.topic}）`,
    text: [
      'お問い合わせが届きました。管理メニューの「お問い合わせの対応」から対応状況を記録してください。',
      '',
      `お問い合わせ番号：${m.id}`,
      `種類：${m.topic}`,
      `送信者：${m.name}（@${m.screenName}）`,
      `返信先：${m.email ?? '（メールアドレスなし）'}`,
      '',
      m.body,
    ].join('\n'),
  }),
  receipt: (m: { id: number; topic: string; body: string; name: string }): MailContent => ({
    subject: '【Focustar】お問い合わせを受け付けました',
    text: [
      `${m.name} 様`,
      '',
      'Focustar（フォーカスター）へのお問い合わせを受け付けました。',
      '内容を確認のうえ、通常2営業日以内に担当者よりこのメールアドレス宛てにご返信します。',
      '',
      `お問い合わせ番号：${m.id}`,
      `種類：${m.topic}`,
      '',
      '── お問い合わせ内容 ──',
      m.body,
    ].join('\n'),
  }),
};
