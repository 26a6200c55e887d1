import { Link } from 'wouter';
import { useAuth } from '../../platform/session/hooks.ts';
import { Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { Wizard } from './wizard/Wizard.tsx';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: '拡散を依頼する',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: '拡散を依頼する' }],
  lead: 'お店の魅力を、ファンのSNSで広めてもらいましょう。',
};

/** Issue 13: the request wizard at /ad?step=1..4 (./wizard/, one component per step: ADR 0183). */
export default function AdPage() {
  const { shop, companyAvailable, isStaff, shopUnderReview } = useAuth();
  const usable = !!shop && (companyAvailable || isStaff);
  return (
    <PageFrame {...head}>
      {!usable ? (
        <Notice role="note">
          拡散依頼を作成するには、広告主モードでお店を選択してください。会社の審査が完了している必要があります。{' '}
          <Link href="/">お店を選択する</Link>
        </Notice>
      ) : shopUnderReview ? (
        <Notice role="note">{shop.status}</Notice>
      ) : (
        <Wizard key={shop.id} shopId={shop.id} shopName={shop.name} shopScreenName={shop.screen_name} />
      )}
    </PageFrame>
  );
}
