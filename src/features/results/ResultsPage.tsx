import { useId, useState } from 'react';
import { japanDay } from '../../../contracts/japan-time.ts';
import { RESULTS_MESSAGES, type Results } from '../../../contracts/results.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { formatPeriod } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { downloadResultsCsv, getResults } from './api/get-results.ts';
import { DailyChart, FunnelAndCost, PostsTable, Sources, Summary } from './ResultsSections.tsx';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: '拡散の成果',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: '拡散の成果' }],
  lead: '投稿からお店のページへのクリック、承認した投稿、費用をグラフと表で確認できます。',
};

/**
 * Issue 27, product design section 8 "Results for shops": 拡散の成果 of the selected shop — this month, the
 * last 30 days, a chosen month, or one request — as a chart of clicks per day by platform (the request's
 * period shaded), the posts, the funnel, the cost and where the clicks came from; and the same as CSV.
 */
const Select = styled('select', inputStyles);
const Modes = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2 $4',
  border: 0,
  padding: 0,
  margin: '0 0 $3',
  '& label': { display: 'flex', alignItems: 'center', gap: '$1', minHeight: '44px' },
});

type Mode = 'month' | 'last30' | 'chosen' | 'request';
type Period = { from?: string; to?: string; advertisement_id?: number };

const tokyoToday = () => japanDay(new Date());
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const lastDayOf = (month: string) =>
  addDays(
    `${new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 7)}-01`,
    -1,
  );
const monthsBack = (today: string, n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - i, 1))
      .toISOString()
      .slice(0, 7),
  );
const monthLabel = (m: string) => `${m.slice(0, 4)}年${Number(m.slice(5, 7))}月`;

function periodOf(mode: Mode, today: string, month: string, adId: number | null): Period {
  if (mode === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  if (mode === 'last30') return { from: addDays(today, -29), to: today };
  if (mode === 'chosen')
    return { from: `${month}-01`, to: month === today.slice(0, 7) ? today : lastDayOf(month) };
  return adId ? { advertisement_id: adId } : { from: `${today.slice(0, 7)}-01`, to: today };
}

function saveCsv(text: string, name: string) {
  const body = text.startsWith('\uFEFF') ? text : `\uFEFF${text}`;
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

function Picker(props: {
  mode: Mode;
  setMode: (m: Mode) => void;
  month: string;
  setMonth: (m: string) => void;
  adId: number | null;
  setAdId: (id: number) => void;
  months: string[];
  choices: Results['choices'];
}) {
  const ids = { month: useId(), request: useId() };
  const modes: [Mode, string][] = [
    ['month', '今月'],
    ['last30', '過去30日'],
    ['chosen', '月を選ぶ'],
    ['request', '依頼を選ぶ'],
  ];
  return (
    <Card aria-labelledby="results-period">
      <h2 id="results-period">期間</h2>
      <Modes as="fieldset">
        <legend className="visually-hidden">期間の選び方</legend>
        {modes.map(([m, label]) => (
          <label key={m}>
            <input
              type="radio"
              name="results-mode"
              value={m}
              checked={props.mode === m}
              onChange={() => props.setMode(m)}
            />
            {label}
          </label>
        ))}
      </Modes>
      {props.mode === 'chosen' && (
        <div>
          <label htmlFor={ids.month} style={{ fontWeight: 700, display: 'block' }}>
            月
          </label>
          <Select
            id={ids.month}
            value={props.month}
            onChange={(e) => props.setMonth(e.target.value)}
            style={{ maxWidth: 220 }}
          >
            {props.months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)}
              </option>
            ))}
          </Select>
        </div>
      )}
      {props.mode === 'request' && (
        <div>
          <label htmlFor={ids.request} style={{ fontWeight: 700, display: 'block' }}>
            拡散依頼
          </label>
          <Select
            id={ids.request}
            value={props.adId ?? ''}
            onChange={(e) => props.setAdId(Number(e.target.value))}
          >
            <option value="" disabled>
              選んでください
            </option>
            {props.choices.map((q) => (
              <option key={q.id} value={q.id}>
                No.{q.id}（{q.status}）{formatPeriod(q.starts_on, q.ends_on)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </Card>
  );
}

/** Seed spec section 2 style screen: 拡散の成果 (shop mode). */
export default function ResultsPage() {
  const { shop } = useAuth();
  const today = tokyoToday();
  const months = monthsBack(today, 12);
  const [mode, setMode] = useState<Mode>('month');
  const [month, setMonth] = useState(months[0]!);
  const [adId, setAdId] = useState<number | null>(null);
  const [choices, setChoices] = useState<Results['choices']>([]);
  const period = periodOf(mode, today, month, adId);
  const query = shop ? { shop_id: shop.id, ...period } : null;
  const results = useResource(
    query ? (signal) => getResults(query, signal).then((r) => (setChoices(r.choices), r)) : null,
    query ? JSON.stringify(query) : null,
  );
  const csv = useSubmission();
  const download = async () => {
    if (!query || results.state !== 'done') return;
    const text = await csv.run(() => downloadResultsCsv(query));
    if (text.ok) saveCsv(text.value, `focustar-results-${results.data.from}-${results.data.to}.csv`);
  };
  return (
    <PageFrame {...head}>
      {!shop ? (
        <EmptyState title="お店が選ばれていません" action={<ButtonLink href="/">お店を選ぶ</ButtonLink>}>
          広告主モードでお店を選ぶと、そのお店の成果を確認できます。
        </EmptyState>
      ) : (
        <>
          <Picker {...{ mode, setMode, month, setMonth, adId, setAdId, months, choices }} />
          {results.state === 'loading' && <PageLoading label="成果を読み込んでいます…" />}
          {results.state === 'failed' && <FormAlert role="alert">{results.error.message}</FormAlert>}
          {results.state === 'done' && (
            <>
              <p role="status">
                {results.data.advertisement ? `拡散依頼 No.${results.data.advertisement.id}：` : ''}
                {formatPeriod(results.data.from, results.data.to)}
                {results.data.total_clicks === 0 &&
                  results.data.posts.length === 0 &&
                  `。${RESULTS_MESSAGES.noData}`}
              </p>
              <Summary r={results.data} />
              <DailyChart r={results.data} />
              <PostsTable r={results.data} />
              <FunnelAndCost r={results.data} />
              <Sources r={results.data} />
              {csv.message && <FormAlert role="alert">{csv.message}</FormAlert>}
              <Button onClick={download} disabled={csv.busy}>
                CSVをダウンロード
              </Button>
              <div style={{ height: 32 }} />
            </>
          )}
        </>
      )}
    </PageFrame>
  );
}
