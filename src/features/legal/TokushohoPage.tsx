import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageFrame, Prose } from '../../platform/ui/Page.tsx';

const ROWS: [string, ReactNode][] = [
  ['販売事業者', 'Focustar運営事務局'],
  ['運営責任者', '請求があった場合には遅滞なく開示いたします'],
  ['所在地', '請求があった場合には遅滞なく開示いたします'],
  ['電話番号', '請求があった場合には遅滞なく開示いたします（お問い合わせはフォームにて承ります）'],
  [
    'お問い合わせ',
    <>
      ログイン後の<Link href="/contact">お問い合わせフォーム</Link>
    </>,
  ],
  [
    '販売価格',
    <>
      拡散依頼の報酬（1投稿100円から、広告主が設定）と、報酬の30%のシステム利用料。いずれも税抜価格で、別途消費税（10%）がかかります。詳しくは
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
  return (
    <PageFrame
      title="特定商取引法に基づく表記"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '特定商取引法に基づく表記' }]}
    >
      <Prose>
        <table>
          <tbody>
            {ROWS.map(([k, v]) => (
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
