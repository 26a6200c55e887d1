import { useLocation } from 'wouter';
import { FIRST_AD_UNITS, PLATFORM_FEE_PERCENT, quote, STANDARD_REWARD } from '../../../contracts/pricing.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { Card, Notice, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { startFirstAdvertising } from './api/start-first-advertising.ts';

/** Product design section 3: a new shop's first request, 10 units at the standard reward, fee waived, once. */
export default function FirstAdvertisingPage() {
  const { shop, send } = useAuth();
  const [, navigate] = useLocation();
  const { busy, message, run } = useSubmission();
  const q = quote(FIRST_AD_UNITS, STANDARD_REWARD, true);
  const start = async () => {
    if (!shop) return;
    const result = await run(() => startFirstAdvertising(shop.id));
    if (result.ok) {
      send({ type: 'auth.refreshUser' });
      navigate(`/ad?step=1&id=${result.value.id}`);
    }
  };
  return (
    <PageFrame
      title="はじめての拡散依頼"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'はじめての拡散依頼' }]}
      lead="はじめてのお店だけが使える、システム利用料無料の限定プランです（1店舗1回まで）。"
    >
      <Card>
        <Prose>
          <h2>プランの内容</h2>
          <ul>
            <li>
              投稿件数：{FIRST_AD_UNITS}件（1件あたりの報酬 {formatYen(STANDARD_REWARD)}）
            </li>
            <li>システム利用料：無料（通常は報酬の{PLATFORM_FEE_PERCENT}%）</li>
            <li>
              お支払い：報酬{formatYen(q.rewards)}＋消費税{formatYen(q.tax)}＝
              <strong>{formatYen(q.total)}</strong>
              （承認した投稿の分だけ）
            </li>
          </ul>
        </Prose>
        {message && <FormAlert role="alert">{message}</FormAlert>}
        {shop ? (
          <Button disabled={busy} onClick={start}>
            このプランで依頼をつくる
          </Button>
        ) : (
          <Notice role="note">広告主モードでお店を選んでから、お申し込みください。</Notice>
        )}
      </Card>
    </PageFrame>
  );
}
