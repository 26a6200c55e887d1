import { useState } from 'react';
import { PLATFORM_LABELS, type Platform } from '../../../contracts/advertisements.ts';
import {
  CLICK_PLATFORM_LABELS,
  CLICK_PLATFORMS,
  DEVICE_LABELS,
  formatRate,
  type Results,
} from '../../../contracts/results.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { DataTable, TableScroll } from '../../platform/ui/DataTable.tsx';
import { formatCount, formatDate, formatYen } from '../../platform/ui/format.ts';
import { Card } from '../../platform/ui/Page.tsx';
import { HorizontalBars, StackedBarChart } from './charts.tsx';

/** Issue 27: the parts of /results, each a card with its heading. */

const Grid = styled('div', {
  display: 'grid',
  gap: '$4',
  '& > *': { minWidth: 0 },
  '@md': { gridTemplateColumns: '1fr 1fr' },
});
const Figures = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))',
  gap: '$3',
  margin: 0,
  '& div': { border: '1px solid $gray200', borderRadius: '$md', padding: '$3' },
  '& dt': { fontSize: '$small', color: '$gray700' },
  '& dd': { margin: 0, fontSize: '$h4', fontWeight: 700 },
});
const SortButton = styled('button', {
  all: 'unset',
  cursor: 'pointer',
  fontWeight: 700,
  textDecoration: 'underline',
  '&:focus-visible': { outline: '2px solid $primary', outlineOffset: '2px' },
});

const platformName = (p: string) => PLATFORM_LABELS[p as Platform] ?? p;
const shortDay = (d: string) => `${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}`;

export function Summary({ r }: { r: Results }) {
  return (
    <Card aria-labelledby="results-summary">
      <h2 id="results-summary">まとめ</h2>
      <Figures>
        <div>
          <dt>クリック数</dt>
          <dd>{formatCount(r.total_clicks)}回</dd>
        </div>
        <div>
          <dt>承認した投稿</dt>
          <dd>{formatCount(r.funnel.approved)}件</dd>
        </div>
        <div>
          <dt>ご請求額（税抜）</dt>
          <dd>{formatYen(r.cost.billed)}</dd>
        </div>
        <div>
          <dt>1クリックあたり</dt>
          <dd>{r.cost.per_click === null ? '—' : formatYen(r.cost.per_click)}</dd>
        </div>
      </Figures>
    </Card>
  );
}

export function DailyChart({ r }: { r: Results }) {
  const days = r.series.map((d) => d.date);
  const marks = r.requests.flatMap((q) => {
    if (!q.starts_on || !q.ends_on) return [];
    const from = days.findIndex((d) => d >= q.starts_on!);
    const to = days.findLastIndex((d) => d <= q.ends_on!);
    return from === -1 || to === -1 || to < from ? [] : [{ from, to, label: `依頼の期間 No.${q.id}` }];
  });
  return (
    <Card aria-labelledby="results-daily">
      <h2 id="results-daily">日別のクリック</h2>
      <StackedBarChart
        title="日別のクリック数（参照元別）"
        summary={`${formatDate(r.from)}から${formatDate(r.to)}までのクリックは合計${formatCount(r.total_clicks)}回です。網掛けの範囲が依頼の期間です。`}
        labels={days.map(shortDay)}
        longLabels={days.map(formatDate)}
        series={CLICK_PLATFORMS.map((p) => ({ key: p, label: CLICK_PLATFORM_LABELS[p] }))}
        values={CLICK_PLATFORMS.map((p) => r.series.map((d) => d.by_platform[p]))}
        marks={marks}
        rowHeading="日付"
      />
    </Card>
  );
}

export function PostsTable({ r }: { r: Results }) {
  const [order, setOrder] = useState<'descending' | 'ascending'>('descending');
  const posts = [...r.posts].sort((a, b) =>
    order === 'descending' ? b.clicks - a.clicks : a.clicks - b.clicks,
  );
  return (
    <Card aria-labelledby="results-posts">
      <h2 id="results-posts">投稿</h2>
      {r.posts_total > r.posts.length && (
        <p>
          承認した投稿{formatCount(r.posts_total)}件のうち、クリックの多い{formatCount(r.posts.length)}
          件です。すべての投稿はCSVに入っています。
        </p>
      )}
      {posts.length === 0 ? (
        <p>この期間に承認した投稿はまだありません。</p>
      ) : (
        <TableScroll tabIndex={0} role="region" aria-label="投稿の表">
          <DataTable>
            <thead>
              <tr>
                {/* The clicks come right after the name: on a phone they show without scrolling sideways. */}
                <th scope="col">フォーカスター</th>
                <th scope="col" aria-sort={order}>
                  <SortButton
                    type="button"
                    onClick={() => setOrder(order === 'descending' ? 'ascending' : 'descending')}
                  >
                    クリック数{order === 'descending' ? '（多い順）' : '（少ない順）'}
                  </SortButton>
                </th>
                <th scope="col">SNS</th>
                <th scope="col">投稿日</th>
                <th scope="col">投稿</th>
              </tr>
            </thead>
            <tbody>
              {posts.map((p) => (
                <tr key={p.unit_id}>
                  <td>
                    <a href={`/${encodeURIComponent(p.supporter_screen_name)}`}>{p.supporter_name}</a>
                  </td>
                  <td style={{ textAlign: 'right' }}>{formatCount(p.clicks)}回</td>
                  <td>{platformName(p.platform)}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.posted_on)}</td>
                  <td>
                    {p.post_url ? (
                      <a href={p.post_url} target="_blank" rel="noopener noreferrer">
                        投稿を開く
                        <span className="visually-hidden">（{p.supporter_name}さんの投稿、新しいタブ）</span>
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </TableScroll>
      )}
    </Card>
  );
}

export function FunnelAndCost({ r }: { r: Results }) {
  const f = r.funnel;
  return (
    <Grid>
      <Card aria-labelledby="results-funnel">
        <h2 id="results-funnel">依頼から承認まで</h2>
        <HorizontalBars
          title="件数"
          rows={[
            { label: '依頼', value: f.offered },
            { label: '承諾', value: f.accepted, note: `承諾率 ${formatRate(f.acceptance_rate)}` },
            { label: '投稿', value: f.posted },
            { label: '承認', value: f.approved, note: `承認率 ${formatRate(f.approval_rate)}` },
          ]}
          format={(n) => `${formatCount(n)}件`}
        />
      </Card>
      <Card aria-labelledby="results-cost">
        <h2 id="results-cost">費用</h2>
        <Figures>
          <div>
            <dt>ご請求額（税抜）</dt>
            <dd>{formatYen(r.cost.billed)}</dd>
          </div>
          <div>
            <dt>承認1件あたり</dt>
            <dd>{r.cost.per_approved_post === null ? '—' : formatYen(r.cost.per_approved_post)}</dd>
          </div>
          <div>
            <dt>1クリックあたり</dt>
            <dd>{r.cost.per_click === null ? '—' : formatYen(r.cost.per_click)}</dd>
          </div>
        </Figures>
        <p style={{ fontSize: '0.875rem' }}>終了した依頼は、使われなかった件数の返金を差し引いた額です。</p>
      </Card>
    </Grid>
  );
}

export function Sources({ r }: { r: Results }) {
  const share = (n: number) => (r.total_clicks ? `${Math.round((n / r.total_clicks) * 100)}%` : '');
  return (
    <Card aria-labelledby="results-sources">
      <h2 id="results-sources">クリックの参照元と端末</h2>
      <Grid>
        <HorizontalBars
          title="参照元"
          rows={r.platforms
            .filter((p) => p.clicks > 0)
            .map((p) => ({
              label: CLICK_PLATFORM_LABELS[p.platform],
              value: p.clicks,
              note: share(p.clicks),
            }))}
        />
        <HorizontalBars
          title="端末"
          rows={r.devices
            .filter((d) => d.clicks > 0)
            .map((d) => ({ label: DEVICE_LABELS[d.device], value: d.clicks, note: share(d.clicks) }))}
        />
      </Grid>
      <p style={{ fontSize: '0.875rem' }}>
        参照元と端末は大まかな種類だけを記録しています。クリックした人を特定できる情報は保存していません。
      </p>
    </Card>
  );
}
