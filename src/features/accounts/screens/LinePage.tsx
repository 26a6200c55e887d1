import { useAuthActions } from '../../../platform/session/hooks.ts';
import { Button, ButtonLink } from '../../../platform/ui/Button.tsx';
import { Card, Notice, PageFrame, Prose } from '../../../platform/ui/Page.tsx';
import { usePublicConfigSuspense as usePublicConfig } from '../../../platform/request/hooks.ts';

/** Product design section 6: sign-up through the LINE official account (LINE Login). */
export default function LinePage() {
  const config = usePublicConfig();
  const { oauthLogin } = useAuthActions();
  const lineEnabled = !!config?.oauthProviders.includes('line');
  return (
    <PageFrame
      title="LINEで登録"
      narrow
      breadcrumbs={[{ label: '新規会員登録', href: '/register' }, { label: 'LINEで登録' }]}
      lead="LINEアカウントで、かんたんにFocustarに登録できます。"
    >
      <Card>
        <Prose>
          <h2>登録の流れ</h2>
          <ol>
            <li>
              下のボタンからLINEにログインし、Focustarへの情報提供（プロフィール名・メールアドレス）を許可します。
            </li>
            <li>
              Focustarの公式アカウントを友だち追加すると、拡散依頼やお振込みのお知らせがLINEに届きます。
            </li>
            <li>マイページでお使いのSNSアカウントを登録すれば準備完了です。</li>
          </ol>
        </Prose>
        {config && !lineEnabled && (
          <Notice tone="info" role="status">
            ただいまLINEでの登録はご利用いただけません。お手数ですが、メールアドレスで登録してください。
          </Notice>
        )}
        {lineEnabled ? (
          <Button block size="lg" onClick={() => oauthLogin('line', 'register')}>
            LINEで登録する
          </Button>
        ) : (
          <ButtonLink href="/email-sign-up" block size="lg">
            メールアドレスで登録する
          </ButtonLink>
        )}
      </Card>
      <p style={{ fontSize: 12 }}>
        LINEに投稿されることはありません。登録すると利用規約とプライバシーポリシーに同意したものとみなします。
      </p>
    </PageFrame>
  );
}
