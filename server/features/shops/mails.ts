import { PAID_STATUS, PUBLISHED_SHOP_STATUS } from '../../../contracts/shops.ts';
import type { MailContent } from '../../platform/mail.ts';

/** The review mails of issue 12: the owner learns every decision about the company and its shops. */

const reasonBlock = (reason: string | null) => (reason ? ['', '【運営からのコメント】', reason] : []);

export function shopDecision(
  shopName: string,
  status: string,
  reason: string | null,
  appUrl: string,
): MailContent {
  const approved = status === PUBLISHED_SHOP_STATUS;
  return {
    subject: approved
      ? `【Focustar】お店「${shopName}」の審査が完了しました`
      : `【Focustar】お店「${shopName}」の審査結果のお知らせ`,
    text: [
      'Focustarをご利用いただきありがとうございます。',
      '',
      approved
        ? `お店「${shopName}」の審査が完了し、公開されました。広告主モードでお店を選ぶと、拡散依頼をご利用いただけます。`
        : `申し訳ありませんが、お店「${shopName}」は今回の審査で掲載を見送らせていただきました（審査NG）。内容を修正のうえ、お店の情報を保存し直してください。`,
      ...reasonBlock(reason),
      '',
      `Focustar: ${appUrl}/`,
    ].join('\n'),
  };
}

export function companyDecision(
  companyName: string,
  paidStatus: string,
  reason: string | null,
  appUrl: string,
): MailContent {
  const available = paidStatus === PAID_STATUS.availableTrading;
  return {
    subject: `【Focustar】${companyName}さまのご利用状況が「${paidStatus}」になりました`,
    text: [
      'Focustarをご利用いただきありがとうございます。',
      '',
      `${companyName}さまのご利用状況が「${paidStatus}」になりました。`,
      available
        ? '拡散依頼などの広告主メニューをご利用いただけます。'
        : 'ご不明な点は、Focustarのお問い合わせからご連絡ください。',
      ...reasonBlock(reason),
      '',
      `Focustar: ${appUrl}/`,
    ].join('\n'),
  };
}
