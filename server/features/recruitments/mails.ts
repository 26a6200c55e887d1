import {
  POST_AUTO_APPROVE_DAYS,
  POST_PLATFORMS,
  type PostPlatform,
} from '../../../contracts/recruitments.ts';
import type { MailContent } from '../../platform/mail.ts';

/** The mails of monitor recruitments (issue 15 "Entries"), in Japanese; dates in Japan time. */

const day = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'long' });
const period = (from: Date, to: Date) => `${day.format(from)}〜${day.format(to)}`;
const platformName = (p: string) => POST_PLATFORMS[p as PostPlatform] ?? p;

export interface EntryMailFacts {
  name: string;
  title: string;
  shopName: string;
  entryUrl: string;
}

export const mails = {
  entryReceived: (f: EntryMailFacts): MailContent => ({
    subject: '【Focustar】モニター募集への応募を受け付けました',
    text: [
      `${f.name} 様`,
      '',
      `${f.shopName}のモニター募集「${f.title}」への応募を受け付けました。`,
      '選考（抽選）の結果は、応募の締め切り後にメールとマイページの「応募状況」でお知らせします。',
      '',
      `応募状況：${f.entryUrl}`,
    ].join('\n'),
  }),
  won: (
    f: EntryMailFacts & {
      shopAddress: string | null;
      visitStartsAt: Date;
      visitEndsAt: Date;
      platform: string;
      conditions: string;
    },
  ): MailContent => ({
    subject: '【Focustar】モニター募集に当選しました',
    text: [
      `${f.name} 様`,
      '',
      `おめでとうございます。${f.shopName}のモニター募集「${f.title}」に当選しました。`,
      '',
      '■ ご来店・体験のご案内',
      `・来店期間：${period(f.visitStartsAt, f.visitEndsAt)}`,
      `・お店：${f.shopName}${f.shopAddress ? `（${f.shopAddress}）` : ''}`,
      '・ご来店の際は、お店のスタッフに「Focustarのモニターです」とお伝えください。',
      '・お店が来店を確認すると、応募状況が「体験済」になります。',
      '',
      '■ 体験後の投稿',
      `・投稿するSNS：${platformName(f.platform)}`,
      `・投稿の条件：${f.conditions}`,
      '・広告であることを示す「#PR」を、投稿の最初に必ず入れてください。',
      '・投稿したら、投稿のURLを応募の詳細ページから提出してください。',
      '',
      `応募の詳細：${f.entryUrl}`,
      '',
      'ご都合が合わなくなった場合は、お早めに応募の詳細ページから当選を辞退してください。次の順位の方に繰り上げます。',
    ].join('\n'),
  }),
  notWon: (f: EntryMailFacts): MailContent => ({
    subject: '【Focustar】モニター募集の抽選結果のお知らせ',
    text: [
      `${f.name} 様`,
      '',
      `${f.shopName}のモニター募集「${f.title}」にご応募いただき、ありがとうございました。`,
      '厳正な抽選の結果、残念ながら今回は落選となりました。',
      '抽選の結果は、募集のページでどなたでも検証できます。ほかのモニター募集にもぜひご応募ください。',
      '',
      `応募状況：${f.entryUrl}`,
    ].join('\n'),
  }),
  postApproved: (f: EntryMailFacts & { auto: boolean }): MailContent => ({
    subject: '【Focustar】モニターの投稿を確認しました',
    text: [
      `${f.name} 様`,
      '',
      f.auto
        ? `${f.shopName}のモニター募集「${f.title}」の投稿は、提出から${POST_AUTO_APPROVE_DAYS}日が過ぎたため自動で承認されました。これでモニターは完了です。`
        : `${f.shopName}のモニター募集「${f.title}」の投稿を確認しました。これでモニターは完了です。`,
      'ご協力いただき、ありがとうございました。',
      '',
      `応募の詳細：${f.entryUrl}`,
    ].join('\n'),
  }),
  postRejected: (
    f: EntryMailFacts & { reason: string; note: string | null; canResubmit: boolean },
  ): MailContent => ({
    subject: '【Focustar】モニターの投稿を確認できませんでした',
    text: [
      `${f.name} 様`,
      '',
      `${f.shopName}のモニター募集「${f.title}」で提出いただいた投稿を、お店が確認できませんでした。`,
      '',
      `■ 理由：${f.reason}`,
      ...(f.note ? [`■ お店からのコメント：${f.note}`] : []),
      '',
      f.canResubmit
        ? '投稿を直して、応募の詳細ページから投稿のURLをもう一度提出してください（再提出は1回までです）。'
        : '再提出はすでにご利用済みのため、この投稿はもう提出できません。ご不明な点はお問い合わせフォームからご連絡ください。',
      '',
      `応募の詳細：${f.entryUrl}`,
    ].join('\n'),
  }),
  /** Issue 23: staff cancelled the win with a reason, which the public page lists too. */
  winCancelled: (f: EntryMailFacts & { reason: string }): MailContent => ({
    subject: '【Focustar】モニター募集の当選が取り消されました',
    text: [
      `${f.name} 様`,
      '',
      `${f.shopName}のモニター募集「${f.title}」の当選は、運営により取り消されました。`,
      '',
      `■ 理由：${f.reason}`,
      '',
      'この枠は、抽選の次の順位の方に繰り上げられます。取り消しの理由は募集の公開ページにも表示されます。',
      'ご不明な点はお問い合わせフォームからご連絡ください。',
      '',
      `応募の詳細：${f.entryUrl}`,
    ].join('\n'),
  }),
};
