import type { MailContent } from '../../platform/mail.ts';

type Request = { id: number; name: string; area: string; url: string; comment: string };

const details = (r: Request) => [
  `お店の名前：${r.name}`,
  `場所：${r.area || '（未記入）'}`,
  `URL：${r.url || '（未記入）'}`,
  `おすすめポイント：${r.comment || '（未記入）'}`,
];

/** The mails of a shop request: the operators' copy and the sender's receipt. */
export const shopRequestMails = {
  toOperators: (
    r: Request & { senderName: string; screenName: string; email: string | null },
  ): MailContent => ({
    subject: `【Focustar】お店リクエスト #${r.id}（${r.name}）`,
    text: [
      'フォーカスターからお店の推薦が届きました。管理メニューの「お店リクエストの対応」から対応状況を記録してください。',
      '',
      `リクエスト番号：${r.id}`,
      `送信者：${r.senderName}（@${r.screenName}）`,
      `連絡先：${r.email ?? '（メールアドレスなし）'}`,
      '',
      ...details(r),
    ].join('\n'),
  }),
  receipt: (r: Request & { senderName: string }): MailContent => ({
    subject: '【Focustar】お店のリクエストを受け付けました',
    text: [
      `${r.senderName} 様`,
      '',
      '応援したいお店を教えていただき、ありがとうございます。リクエストを受け付けました。',
      '運営からお店にFocustarをご案内します。掲載が決まりましたら、お知らせでお伝えします。',
      '',
      ...details(r),
    ].join('\n'),
  }),
};
