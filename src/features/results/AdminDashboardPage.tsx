import {
  DASHBOARD_FIGURES,
  DASHBOARD_REFRESH_MINUTES,
  type DashboardMonth,
  formatRate,
  RESULTS_MESSAGES,
} from '../../../contracts/results.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { formatCount, formatDateTime, formatTenths, formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { getDashboard } from './api/get-dashboard.ts';
import { StackedBarChart } from './charts.tsx';

/**
 * Issue 27 "For operators": `/admin-dashboard` (admins; GET /api/dashboard). Each figure of the last twelve
 * months (YYYY-MM, Japan time) as a small SVG chart with its table.
 */
const AsOf = styled('p', { margin: '0 0 $3', color: '$muted', fontSize: '$small' });
const Grid = styled('div', {
  display: 'grid',
  gap: '$4',
  '& > *': { minWidth: 0 },
  '@lg': { gridTemplateColumns: '1fr 1fr' },
});

type Unit = (typeof DASHBOARD_FIGURES)[number]['unit'];
const formatter = (unit: Unit) => (n: number) => {
  if (unit === 'yen') return formatYen(n);
  if (unit === 'rate') return formatRate(n / 1000);
  if (unit === 'hours') return `${formatTenths(n)}時間`;
  if (unit === 'people') return `${formatCount(n)}人`;
  if (unit === 'shops') return `${formatCount(n)}店`;
  return `${formatCount(n)}件`;
};
/** An axis label as a Japanese reader expects it: 12月, and the year where it starts (26年1月) or the chart does. */
const monthTick = (m: DashboardMonth, i: number) =>
  i === 0 || m.month.endsWith('-01')
    ? `${m.month.slice(2, 4)}年${Number(m.month.slice(5))}月`
    : `${Number(m.month.slice(5))}月`;
/** Charts draw integers: rates in tenths of a percent, hours in tenths. */
const scaled = (unit: Unit, v: number | null) =>
  v === null ? 0 : unit === 'rate' ? Math.round(v * 1000) : unit === 'hours' ? Math.round(v * 10) : v;

function FigureChart({
  figure,
  months,
}: {
  figure: (typeof DASHBOARD_FIGURES)[number];
  months: DashboardMonth[];
}) {
  const values = months.map((m) => scaled(figure.unit, m[figure.key]));
  const format = formatter(figure.unit);
  const latest = months.at(-1)!;
  return (
    <Card aria-label={figure.label} style={{ marginBottom: 0 }}>
      <StackedBarChart
        title={figure.label}
        summary={`${figure.label}の12か月の推移。${latest.month}は${latest[figure.key] === null ? '記録なし' : format(values.at(-1)!)}です。`}
        labels={months.map(monthTick)}
        longLabels={months.map((m) => m.month)}
        series={[{ key: figure.key, label: figure.label }]}
        values={[values]}
        format={format}
        rowHeading="月"
        totalLabel={figure.label}
      />
    </Card>
  );
}

export default function AdminDashboardPage() {
  // Staff who are not administrators see why there is nothing here, and no call is made that would only be
  // refused (its 403 would show a toast on the next screen too), as on the audit log.
  const { isAdmin } = useAuth();
  const data = useResource(isAdmin ? (signal) => getDashboard(signal) : null, isAdmin ? 'dashboard' : null);
  return (
    <PageFrame
      title="運営ダッシュボード"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: '運営ダッシュボード' }]}
      lead="ご請求、報酬、手数料、投稿したフォーカスター、配信中のお店などの12か月の推移です（管理者のみ）。"
    >
      {!isAdmin && <Notice tone="info">{RESULTS_MESSAGES.dashboardAdminOnly}</Notice>}
      {isAdmin && data.state === 'loading' && <PageLoading label="集計を読み込んでいます…" />}
      {data.state === 'failed' && <FormAlert role="alert">{data.error.message}</FormAlert>}
      {data.state === 'done' && (
        <AsOf>
          {formatDateTime(data.data.as_of)} 時点の集計です（今月と先月の数字は{DASHBOARD_REFRESH_MINUTES}
          分ごとに更新します）。
        </AsOf>
      )}
      {data.state === 'done' && (
        <Grid>
          {DASHBOARD_FIGURES.map((f) => (
            <FigureChart key={f.key} figure={f} months={data.data.months} />
          ))}
        </Grid>
      )}
      <div style={{ height: 32 }} />
    </PageFrame>
  );
}
