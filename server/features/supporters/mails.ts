import { SNS_PLATFORM_LABELS, type ReviewStatus, type SnsPlatform } from '../../../contracts/supporters.ts';
import type { MailContent } from '../../platform/mail.ts';

/** The supporters' review mails, in Japanese (issue 16). */
export const supporterMails = {
  snsApproved: (name: string, platform: SnsPlatform, handle: string, url: string): MailContent => ({
    subject: '【Focustar】SNSアカウントが承認されました',
    text: [
      `${name} 様`,
      '',
      `ご登録いただいた${SNS_PLATFORM_LABELS[platform]}のアカウント「@${handle}」を承認しました。`,
      'これから、このアカウントでの拡散依頼が届くようになります。',
      'プロフィールに書き入れていただいた確認コードは、もう消していただいてかまいません。',
      '',
      url,
    ].join('\n'),
  }),
  snsRejected: (
    name: string,
    platform: SnsPlatform,
    handle: string,
    reason: string,
    url: string,
  ): MailContent => ({
    subject: '【Focustar】SNSアカウントの審査結果のお知らせ',
    text: [
      `${name} 様`,
      '',
      `ご登録いただいた${SNS_PLATFORM_LABELS[platform]}のアカウント「@${handle}」は、次の理由により承認できませんでした。`,
      '',
      `理由：${reason}`,
      '',
      '内容をご確認のうえ、あらためてご登録ください。アカウント情報の画面から登録できます。',
      url,
    ].join('\n'),
  }),
  statusChanged: (name: string, status: ReviewStatus, reason: string, url: string): MailContent => ({
    subject: '【Focustar】フォーカスター審査状況のお知らせ',
    text: [
      `${name} 様`,
      '',
      `フォーカスターとしての審査状況が「${status}」になりました。`,
      ...(reason ? ['', `運営からのご連絡：${reason}`] : []),
      '',
      'ご不明な点は、お問い合わせフォームからご連絡ください。',
      url,
    ].join('\n'),
  }),
};
