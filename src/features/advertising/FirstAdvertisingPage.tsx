import { ButtonLink } from '../../components/Button.tsx';
import { formatYen } from '../../components/format.ts';
import { Card, PageFrame, Prose } from '../../components/Page.tsx';

const UNITS = 10;
const REWARD = 100;

/** Product design section 3: a new shop's first request, 10 units at the standard reward, fee waived, once. */
export default function FirstAdvertisingPage() {
  const rewards = UNITS * REWARD;
  const tax = Math.floor(rewards * 0.1);
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
              投稿件数：{UNITS}件（1件あたりの報酬 {formatYen(REWARD)}）
            </li>
            <li>システム利用料：無料（通常は報酬の30%）</li>
            <li>
              お支払い：報酬{formatYen(rewards)}＋消費税{formatYen(tax)}＝
              <strong>{formatYen(rewards + tax)}</strong>
              （承認した投稿の分だけ）
            </li>
          </ul>
        </Prose>
        <ButtonLink href="/ad?step=1">このプランで依頼をつくる</ButtonLink>
      </Card>
    </PageFrame>
  );
}
