import { REWARD_HOLD_DAYS } from '../../../contracts/advertisements.ts';
import type { MailContent } from '../../platform/mail.ts';

/** The Japanese mails of issue 13 ("Jobs and mail"). Links lead back to the app's screens. */

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const TOKYO = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  dateStyle: 'long',
  timeStyle: 'short',
});
const tokyo = (iso: string) => TOKYO.format(new Date(iso));

export function offerMail(p: {
  name: string;
  shop: string;
  text: string;
  reward: number;
  deadline: string;
  url: string;
}): MailContent {
  return {
    subject: `【Focustar】${p.shop}から拡散依頼が届きました`,
    text: [
      `${p.name} 様`,
      '',
      `${p.shop}から、SNSでの拡散依頼が届きました。`,
      '',
      `報酬：1投稿 ${yen(p.reward)}`,
      `回答期限：${tokyo(p.deadline)}`,
      '',
      '依頼の内容：',
      p.text,
      '',
      '引き受けるかどうかは、こちらからお選びください。',
      p.url,
    ].join('\n'),
  };
}

export function unitApprovedMail(p: {
  name: string;
  shop: string;
  reward: number;
  auto: boolean;
  url: string;
}): MailContent {
  return {
    subject: `【Focustar】投稿が承認されました（報酬 ${yen(p.reward)}）`,
    text: [
      `${p.name} 様`,
      '',
      p.auto
        ? `${p.shop}の拡散依頼への投稿が、確認期間（7日間）を過ぎたため自動で承認されました。`
        : `${p.shop}の拡散依頼への投稿が承認されました。`,
      `報酬 ${yen(p.reward)} は「確定待ち」になりました。${REWARD_HOLD_DAYS}日後に投稿をもう一度確かめ、投稿が残っていれば「確定」になります（お振込みは確定した報酬が対象です）。`,
      '',
      '報酬の確認はこちら：',
      p.url,
    ].join('\n'),
  };
}

export function unitRejectedMail(p: {
  name: string;
  shop: string;
  reason: string;
  note: string;
  canResubmit: boolean;
  url: string;
}): MailContent {
  return {
    subject: '【Focustar】投稿が承認されませんでした',
    text: [
      `${p.name} 様`,
      '',
      `${p.shop}の拡散依頼への投稿は、次の理由で承認されませんでした。`,
      '',
      `理由：${p.reason}`,
      ...(p.note ? [`お店からのコメント：${p.note}`] : []),
      '',
      p.canResubmit
        ? '投稿を直して、1回だけ再提出できます。こちらから投稿のURLを報告してください。'
        : '再提出はすでに使われているため、この依頼はここで終了です。',
      p.url,
    ].join('\n'),
  };
}

export function adApprovedMail(p: { name: string; shop: string; offers: number; url: string }): MailContent {
  return {
    subject: '【Focustar】拡散依頼が承認され、配信を始めました',
    text: [
      `${p.name} 様`,
      '',
      `${p.shop}の拡散依頼が審査を通過し、配信を始めました。`,
      `${p.offers}人のフォーカスターに依頼を届けました。`,
      '',
      '投稿の状況と確認待ちの投稿はこちら：',
      p.url,
    ].join('\n'),
  };
}

export function adSentBackMail(p: { name: string; shop: string; reason: string; url: string }): MailContent {
  return {
    subject: '【Focustar】拡散依頼が差し戻されました',
    text: [
      `${p.name} 様`,
      '',
      `${p.shop}の拡散依頼を審査した結果、次の理由で差し戻しました。`,
      '',
      `理由：${p.reason}`,
      '',
      '内容を直して、もう一度審査に出してください。',
      p.url,
    ].join('\n'),
  };
}

/** Issue 23 "Rewards that stay earned": a held reward taken back, to the supporter. */
export function rewardReversedMail(p: {
  name: string;
  shop: string;
  reward: number;
  reason: string;
  url: string;
}): MailContent {
  return {
    subject: `【Focustar】報酬が取り消されました（${p.shop}）`,
    text: [
      `${p.name} 様`,
      '',
      `${p.shop}の拡散依頼への投稿の報酬 ${yen(p.reward)} を取り消しました。`,
      `理由：${p.reason}`,
      '',
      '承認から確定までの間に、投稿をもう一度確かめています。心当たりがない場合は、お問い合わせからご連絡ください。',
      p.url,
    ].join('\n'),
  };
}

/** Issue 23: the shop is told a reward was taken back, and that it is not billed for it. */
export function rewardReversedShopMail(p: {
  name: string;
  shop: string;
  supporter: string;
  reward: number;
  reason: string;
  url: string;
}): MailContent {
  return {
    subject: `【Focustar】承認した投稿の報酬を取り消しました（${p.shop}）`,
    text: [
      `${p.name} 様`,
      '',
      `${p.shop}の拡散依頼で承認した ${p.supporter} さんの投稿について、報酬 ${yen(p.reward)} を取り消しました。`,
      `理由：${p.reason}`,
      'この投稿の分はご請求しません。',
      '',
      p.url,
    ].join('\n'),
  };
}
