import type { AdminPopOrder } from '../../../contracts/pop-orders.ts';
import type { MailContent } from '../../platform/mail.ts';

const address = (o: AdminPopOrder) => [
  `〒${o.postal_code}`,
  `${o.prefecture}${o.address}${o.building ? ` ${o.building}` : ''}`,
  `${o.recipient_name} 様`,
];

/** The POP order mails, in Japanese (issue 16 "Shop materials"). */
export const popOrderMails = {
  receipt: (name: string, o: AdminPopOrder, url: string): MailContent => ({
    kind: 'pop-order-receipt',
    subject: '【Focustar】店頭POPのお申し込みを受け付けました',
    text: [
      `${name} 様`,
      '',
      `「${o.shop_name}」の店頭POPスタンドのお申し込みを受け付けました。`,
      '発送しましたら、あらためてメールでお知らせします。',
      '',
      `受付番号：${o.id}`,
      `部数：${o.quantity}部`,
      'お届け先：',
      ...address(o).map((l) => `  ${l}`),
      ...(o.note ? ['', `備考：${o.note}`] : []),
      '',
      'お申し込みの状況は次のページでご確認いただけます。',
      url,
    ].join('\n'),
  }),
  toOperators: (o: AdminPopOrder, url: string): MailContent => ({
    kind: 'pop-order-new',
    subject: `【Focustar運営】店頭POPの申し込み（${o.shop_name}・${o.quantity}部）`,
    text: [
      `受付番号：${o.id}`,
      `お店：${o.shop_name}`,
      `部数：${o.quantity}部`,
      'お届け先：',
      ...address(o).map((l) => `  ${l}`),
      `  電話：${o.phone}`,
      ...(o.note ? ['', `備考：${o.note}`] : []),
      '',
      url,
    ].join('\n'),
  }),
  shipped: (name: string, o: AdminPopOrder, url: string): MailContent => ({
    kind: 'pop-order-shipped',
    subject: '【Focustar】店頭POPを発送しました',
    text: [
      `${name} 様`,
      '',
      `「${o.shop_name}」の店頭POPスタンド（${o.quantity}部、受付番号：${o.id}）を発送しました。`,
      '数日以内に届く予定です。届きましたら、レジ横やテーブルなど、お客さまの目に留まる場所に置いてください。',
      '',
      url,
    ].join('\n'),
  }),
};
