import { useId, useState } from 'react';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { Field, parseWholeNumber } from '../../platform/ui/Field.tsx';
import { formatCount, formatYen } from '../../platform/ui/format.ts';
import { Card, Notice, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { styled } from '../../platform/styles/stitches.config.ts';
import { MAX_REWARD } from '../../../contracts/advertisements.ts';
import {
  ESTIMATE_MAX_UNITS,
  FIRST_AD_UNITS,
  PLATFORM_FEE_RATE,
  type Quote,
  quote,
  STANDARD_REWARD,
  TAX_RATE,
} from '../../../contracts/pricing.ts';

const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  marginBottom: '$4',
  '& th, & td': { padding: '$2 $3', borderBottom: '1px solid $gray200', textAlign: 'left' },
  '& td': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& tfoot th, & tfoot td': {
    borderBottom: 'none',
    fontWeight: 800,
    fontSize: '18px',
    color: '$primaryText',
  },
});
const Grid = styled('div', { display: 'grid', gap: '$4', '@md': { gridTemplateColumns: '1fr 1fr' } });

function QuoteTable({ q, caption }: { q: Quote; caption: string }) {
  return (
    <Table>
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        <tr>
          <th scope="row">
            報酬（{formatYen(q.reward)} × {q.units}件）
          </th>
          <td>{formatYen(q.rewards)}</td>
        </tr>
        <tr>
          <th scope="row">システム利用料（報酬の{Math.round(PLATFORM_FEE_RATE * 100)}%）</th>
          <td>{q.fee === 0 ? '0円（無料）' : formatYen(q.fee)}</td>
        </tr>
        <tr>
          <th scope="row">小計</th>
          <td>{formatYen(q.subtotal)}</td>
        </tr>
        <tr>
          <th scope="row">消費税（{Math.round(TAX_RATE * 100)}%）</th>
          <td>{formatYen(q.tax)}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">お支払い合計（税込）</th>
          <td>{formatYen(q.total)}</td>
        </tr>
      </tfoot>
    </Table>
  );
}

/** Typed amounts accept full-width digits (１０ → 10), as people type them with the IME on. */
function Simulator() {
  const [units, setUnits] = useState('30');
  const [reward, setReward] = useState(String(STANDARD_REWARD));
  const resultId = useId();
  const u = parseWholeNumber(units);
  const r = parseWholeNumber(reward);
  const unitsError =
    u === null || u < 1 || u > ESTIMATE_MAX_UNITS
      ? [`件数は1〜${formatCount(ESTIMATE_MAX_UNITS)}の数字で入力してください。`]
      : undefined;
  const rewardError =
    r === null || r < STANDARD_REWARD || r > MAX_REWARD
      ? [`報酬は${formatYen(STANDARD_REWARD)}以上の数字で入力してください。`]
      : undefined;
  const q = !unitsError && !rewardError && u !== null && r !== null ? quote(u, r) : null;
  return (
    <Card aria-labelledby="sim-title">
      <h2 id="sim-title">料金シミュレーション</h2>
      <Grid>
        <Field
          label="投稿してほしい件数"
          inputMode="numeric"
          value={units}
          onChange={(e) => setUnits(e.target.value)}
          errors={unitsError}
          hint="例：30"
          aria-controls={resultId}
        />
        <Field
          label="1件あたりの報酬（円）"
          inputMode="numeric"
          value={reward}
          onChange={(e) => setReward(e.target.value)}
          errors={rewardError}
          hint={`基本は${formatYen(STANDARD_REWARD)}です`}
          aria-controls={resultId}
        />
      </Grid>
      <output id={resultId} aria-live="polite" style={{ display: 'block' }}>
        {q ? (
          <QuoteTable q={q} caption="シミュレーション結果" />
        ) : (
          <p>件数と報酬を入力すると、お支払い額を計算します。</p>
        )}
      </output>
    </Card>
  );
}

/** Product design section 5: the fee model, with tax, and a worked example. */
export default function PricePage() {
  const example = quote(20);
  const first = quote(FIRST_AD_UNITS, STANDARD_REWARD, true);
  return (
    <PageFrame
      title="ご利用料金"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'ご利用料金' }]}
      lead="初期費用・月額費用は0円。承認した投稿の分だけお支払いいただく、成果報酬型の料金です。"
    >
      <Prose>
        <h2>料金のしくみ</h2>
        <ul>
          <li>
            <strong>フォーカスターへの報酬</strong>：1投稿あたり{formatYen(STANDARD_REWARD)}
            から。金額はお店が決められます。
          </li>
          <li>
            <strong>システム利用料</strong>：報酬合計の{Math.round(PLATFORM_FEE_RATE * 100)}%
          </li>
          <li>
            <strong>消費税</strong>：報酬とシステム利用料の合計に{Math.round(TAX_RATE * 100)}
            %（1円未満切り捨て）
          </li>
        </ul>
        <p>お支払いは承認した投稿の分だけ。集まらなかった件数や、承認しなかった投稿の分はいただきません。</p>
      </Prose>

      <Card aria-labelledby="example-title">
        <h2 id="example-title">計算例：基本報酬で20件の投稿を依頼した場合</h2>
        <QuoteTable q={example} caption="20件の計算例" />
        <p>
          20人のファンがお店を紹介して、お支払いは{formatYen(example.total)}（税込）。1投稿あたり約
          {formatYen(Math.round(example.total / example.units))}です。
        </p>
      </Card>

      <Card aria-labelledby="first-title">
        <h2 id="first-title">はじめての拡散依頼（1店舗1回まで）</h2>
        <p>はじめて依頼するお店は、{FIRST_AD_UNITS}件・基本報酬でシステム利用料が無料になります。</p>
        <QuoteTable q={first} caption="はじめての拡散依頼の料金" />
      </Card>

      <Simulator />

      <Notice tone="info">
        お支払いはクレジットカード、または請求書払い（銀行振込）をお選びいただけます。請求書払いの場合、振込手数料はお客さまのご負担となります。
      </Notice>
      <p style={{ textAlign: 'center' }}>
        <ButtonLink href="/introduction-advertiser" variant="outline">
          広告主の方へ：使い方を見る
        </ButtonLink>
      </p>
    </PageFrame>
  );
}
