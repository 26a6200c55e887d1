import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PLATFORM_FEE_PERCENT, STANDARD_REWARD, TAX_PERCENT } from '../../../contracts/pricing.ts';
import type { PublicConfig } from '../../../contracts/system.ts';
import { usePublicConfigSuspense as usePublicConfig } from '../../platform/request/hooks.ts';
import { formatYen } from '../../platform/ui/format.ts';
import { PageFrame, Prose } from '../../platform/ui/Page.tsx';

/** Said where a particular is not set: only a development server runs without them (production requires them). */
const NOT_SET = '（未設定：開発環境）';

/**
 * Issue 14: the seller's particulars come from the server's settings (LEGAL_*, required in production),
 * the rest of the page is the service's own terms.
 */
function sellerRows(legal: PublicConfig['legal']): [string, ReactNode][] {
  return [
    ['販売事業者', legal.seller ?? NOT_SET],
    ['運営責任者', legal.representative ?? NOT_SET],
    ['所在地', legal.address ?? NOT_SET],
    ['電話番号', legal.phone ? `${legal.phone}（お問い合わせはフォームでも承ります）` : NOT_SET],
    [
      'お問い合わせ',
      <>
        {legal.email ? `${legal.email}、または` : ''}ログイン後の
        <Link href="/contact">お問い合わせフォーム</Link>
      </>,
    ],
  ];
}

const TERMS_ROWS: [string, ReactNode][] = [
  [
    '販売価格',
    <>
      拡散依頼の報酬（1投稿{formatYen(STANDARD_REWARD)}から、広告主が設定）と、報酬の{PLATFORM_FEE_PERCENT}
      %のシステム利用料。いずれも税抜価格で、別途消費税（{TAX_PERCENT}%）がかかります。詳しくは
      <Link href="/price">ご利用料金</Link>をご覧ください。
    </>,
  ],
  ['商品代金以外の必要料金', '請求書払いの場合の振込手数料、インターネット接続に必要な通信料'],
  ['お支払い方法', 'クレジットカード決済、請求書払い（銀行振込）'],
  ['お支払い時期', 'クレジットカード：拡散依頼の確定時に決済。請求書払い：月末締め、翌月末までにお振込み'],
  ['サービスの提供時期', '運営による拡散依頼の審査完了後、掲載開始日から提供します'],
  [
    'キャンセル・返金',
    '審査完了前の拡散依頼はキャンセルできます。掲載開始後のキャンセルは、承認済みの投稿分を除いて返金します。サービスの性質上、承認済みの投稿分の返金はできません。',
  ],
  ['動作環境', '最新版のGoogle Chrome、Safari、Microsoft Edge、Firefox'],
];

export default function TokushohoPage() {
  const config = usePublicConfig();
  const rows = [...sellerRows(config.legal), ...TERMS_ROWS];
  return (
    <PageFrame
      title="特定商取引法に基づく表記"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '特定商取引法に基づく表記' }]}
    >
      <Prose>
        <table>
          <tbody>
            {rows.map(([k, v]) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Prose>
    </PageFrame>
  );
}
