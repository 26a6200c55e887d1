import { ButtonLink } from '../../platform/ui/Button.tsx';
import { Card, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec section 2: the page a request's link leads to after its posting period ended. */
export default function PeriodPage() {
  return (
    <PageFrame title="掲載は終了しました" narrow>
      <Card>
        <p>このキャンペーンの掲載期間は終了しました。ご覧いただきありがとうございました。</p>
        <p>Focustarでは、ほかにもたくさんのお店がファンの応援を待っています。</p>
        <ButtonLink href="/">Focustarのトップへ</ButtonLink>
      </Card>
    </PageFrame>
  );
}
