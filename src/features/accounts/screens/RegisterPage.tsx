import { Link } from 'wouter';
import { usePublicConfigSuspense } from '../../../platform/request/hooks.ts';
import { ButtonLink } from '../../../platform/ui/Button.tsx';
import { Card, PageFrame } from '../../../platform/ui/Page.tsx';
import { styled } from '../../../platform/styles/stitches.config.ts';

const Choices = styled('div', {
  display: 'grid',
  gap: '$4',
  variants: { two: { true: { '@md': { gridTemplateColumns: '1fr 1fr' } } } },
});
const Choice = styled('section', {
  padding: '$5 $4',
  borderRadius: '$lg',
  backgroundColor: '$white',
  boxShadow: '$card',
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  '& h2': { fontSize: '$h3' },
  '& ul': { paddingLeft: '1.2em', margin: '0 0 $3', fontSize: '$small' },
  '& a': { marginTop: 'auto' },
});

/**
 * Seed spec section 2 and product design section 6: sign-up offers LINE and e-mail. Issue 25 (5): LINE
 * only when LINE Login is configured (GET /api/config `oauthProviders`); otherwise e-mail is the way.
 */
export default function RegisterPage() {
  const line = usePublicConfigSuspense().oauthProviders.includes('line');
  return (
    <PageFrame
      title="新規会員登録"
      narrow
      lead={
        line
          ? '登録は無料です。お好きな方法を選んでください。登録後、SNSアカウントを登録すると拡散依頼が届くようになります。'
          : '登録は無料です。メールアドレスで登録できます。登録後、SNSアカウントを登録すると拡散依頼が届くようになります。'
      }
    >
      <Choices two={line}>
        {line && (
          <Choice aria-labelledby="reg-line">
            <h2 id="reg-line">LINEで登録</h2>
            <ul>
              <li>パスワードを覚える必要がありません</li>
              <li>拡散依頼のお知らせをLINEで受け取れます</li>
            </ul>
            <ButtonLink href="/line" block>
              LINEで始める
            </ButtonLink>
          </Choice>
        )}
        <Choice aria-labelledby="reg-mail">
          <h2 id="reg-mail">メールアドレスで登録</h2>
          <ul>
            {line && <li>LINEを使っていない方はこちら</li>}
            <li>確認メールのリンクを開くと登録が完了します</li>
            {!line && <li>拡散依頼のお知らせはメールで届きます</li>}
          </ul>
          <ButtonLink href="/email-sign-up" variant={line ? 'outline' : 'primary'} block>
            メールアドレスで始める
          </ButtonLink>
        </Choice>
      </Choices>
      <Card as="div" css={{ marginTop: '$5', textAlign: 'center' }}>
        <p>すでにアカウントをお持ちの方</p>
        <Link href="/login">ログインはこちら</Link>
      </Card>
      <p style={{ fontSize: 12 }}>
        登録することで、<Link href="/terms">利用規約</Link>と
        <Link href="/privacy-policy">プライバシーポリシー</Link>
        に同意したものとみなします。お店の方も、まずはこちらから個人アカウントを作成してください。
      </p>
    </PageFrame>
  );
}
