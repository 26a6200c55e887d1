import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Card, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec sections 2 and 8: the page had an error and cannot be shown. */
export default function ErrorPage() {
  return (
    <PageFrame title="エラーが発生しました" narrow>
      <Card role="alert">
        <p>ページでエラーが発生したため、表示できません。</p>
        <p>お手数ですが、時間をおいてから再度お試しください。問題が続く場合はお問い合わせください。</p>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <ButtonLink href="/">トップページへ戻る</ButtonLink>
          <Button variant="ghost" onClick={() => window.history.back()}>
            前のページに戻る
          </Button>
        </div>
      </Card>
    </PageFrame>
  );
}
