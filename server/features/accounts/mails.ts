import type { MailContent } from '../../platform/mail.ts';

/** The mails of the account flows, in Japanese. */
export const mails = {
  verifyEmail: (name: string, url: string): MailContent => ({
    kind: 'verify-email',
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
  resetPassword: (name: string, url: string): MailContent => ({
    kind: 'password-reset',
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
  passwordChanged: (name: string): MailContent => ({
    kind: 'password-changed',
    subject: '【Focustar】パスワードが変更されました',
    text: [
      `${name} 様`,
      '',
      'Focustarアカウントのパスワードが再設定されました。安全のため、すべての端末でログアウトしています。',
      'お心当たりがない場合は、至急お問い合わせフォームからご連絡ください。',
    ].join('\n'),
  }),
  left: (name: string): MailContent => ({
    kind: 'left',
    subject: '【Focustar】退会手続きが完了しました',
    text: [
      `${name} 様`,
      '',
      'Focustarの退会手続きが完了しました。これまでご利用いただき、ありがとうございました。',
      '報酬の支払い記録など、法令で保存が必要な記録は個人を特定できない形で保管します。',
    ].join('\n'),
  }),
  changeEmail: (name: string, url: string): MailContent => ({
    kind: 'change-email',
    subject: '【Focustar】メールアドレス変更の確認をお願いします',
    text: [
      `${name} 様`,
      '',
      'Focustarアカウントのメールアドレスを、このアドレスに変更するお申し込みを受け付けました。',
      '以下のリンクを開くと、変更が完了します。',
      '',
      url,
      '',
      'このリンクの有効期限は60分です。お心当たりがない場合は、このメールを破棄してください。変更はされません。',
    ].join('\n'),
  }),
  emailChangeRequested: (name: string, masked: string): MailContent => ({
    kind: 'email-change-requested',
    subject: '【Focustar】メールアドレス変更のお申し込みがありました',
    text: [
      `${name} 様`,
      '',
      `Focustarアカウントのメールアドレスを「${masked}」に変更するお申し込みがありました。`,
      '新しいアドレスに届く確認メールのリンクが開かれると、変更が完了します。',
      '',
      'お心当たりがない場合は、パスワードを変更のうえ、至急お問い合わせフォームからご連絡ください。',
    ].join('\n'),
  }),
  passwordChangedByUser: (name: string): MailContent => ({
    kind: 'password-changed',
    subject: '【Focustar】パスワードが変更されました',
    text: [
      `${name} 様`,
      '',
      'Focustarアカウントのパスワードが変更されました。安全のため、変更した端末以外ではログアウトしています。',
      'お心当たりがない場合は、パスワード再設定のうえ、至急お問い合わせフォームからご連絡ください。',
    ].join('\n'),
  }),
};
