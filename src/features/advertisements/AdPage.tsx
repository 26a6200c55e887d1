import { Link } from 'wouter';
import { useAuth } from '../../platform/session/hooks.ts';
import { Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { AD_HEAD } from './routes.ts';
import { Wizard } from './wizard/Wizard.tsx';

/** Issue 13: the request wizard at /ad?step=1..4 (./wizard/, one component per step: ADR 0183). */
export default function AdPage() {
  const { shop, companyAvailable, isStaff, shopUnderReview } = useAuth();
  const usable = !!shop && (companyAvailable || isStaff);
  return (
    <PageFrame {...AD_HEAD}>
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
