import { useCallback, useEffect, useState } from 'react';
import {
  type CreatedShrinker,
  type DayClicks,
  SHRINKER_CHART_DAYS,
  SHRINKER_MESSAGES,
  SHRINKER_URL_MAX,
  type ShrinkerItem,
} from '../../../contracts/shortener.ts';
import { asApiError, useResource, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { DataTable, RowButton, TableScroll } from '../../platform/ui/DataTable.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { formatCount, formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { createShrinker } from './api/create-shrinker.ts';
import { getShrinker } from './api/get-shrinker.ts';
import { listShrinkers } from './api/list-shrinkers.ts';
import { updateShrinker } from './api/update-shrinker.ts';
import type { ScreenHead } from '../../platform/routing.ts';
import { DateTime } from '../../platform/ui/DateTime.tsx';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: '短縮URLの作成',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: '短縮URLの作成' }],
  lead: '計測用の短縮URL（/s/…）を作成し、日ごとのクリック数を確認します。ボットやリンクプレビューのアクセスは数えません。',
};

/**
 * Issue 16 "Staff tools" / seed spec section 2 (短縮URLの作成): staff shorten a web address, see every
 * link with its total clicks, open one for its clicks per Japan day (30 days, a small bar chart) and
 * switch it off (then the short URL shows 「掲載は終了しました」) or on again. ADR 0091.
 */
// A grid item is as wide as its content unless told otherwise: the list's table scrolls inside its column
// (its own overflow) rather than widening the page at 320 px (issue 25 (7)).
const Layout = styled('div', {
  display: 'grid',
  gap: '$4',
  '& > *': { minWidth: 0 },
  '@lg': { gridTemplateColumns: '3fr 2fr' },
});
const Table = styled(DataTable, {
  '& td.num': { textAlign: 'right' },
  '& tr[aria-selected="true"] td': { backgroundColor: '$primaryPale' },
});
const Url = styled('span', { overflowWrap: 'anywhere', color: '$gray600' });
const Dl = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $3',
  fontSize: '$small',
  '& dt': { fontWeight: 700 },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});
const Result = styled('section', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  alignItems: 'center',
  padding: '$3',
  borderRadius: '$md',
  backgroundColor: '$primaryPale',
  '& output': { fontWeight: 700, fontSize: '$body', overflowWrap: 'anywhere' },
});
const Badge = styled('span', {
  display: 'inline-block',
  padding: '0 $2',
  borderRadius: '$pill',
  fontSize: '$small',
  fontWeight: 700,
  whiteSpace: 'nowrap',
  variants: {
    on: {
      true: { backgroundColor: '#e6f4ea', color: '#1e6b34' },
      false: { backgroundColor: '$gray100', color: '$gray600' },
    },
  },
});

const statusLabel = (item: ShrinkerItem) => (item.active ? '公開中' : '停止中');
/** `2026-11-23` as `11/23`. */
const shortDay = (day: string) => `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}`;

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={async () => setCopied(await copy(text))}
        aria-label={label}
      >
        コピー
      </Button>
      <span role="status" style={{ fontSize: 14 }}>
        {copied === true
          ? 'コピーしました。'
          : copied === false
            ? 'コピーできませんでした。選択してコピーしてください。'
            : ''}
      </span>
    </>
  );
}

function CreateForm({ onCreated }: { onCreated: (created: CreatedShrinker) => void }) {
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<CreatedShrinker | null>(null);
  const { busy, message, errors, setErrors, run } = useSubmission();
  return (
    <Card aria-labelledby="shrinker-new">
      <h2 id="shrinker-new">URLを短縮する</h2>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!url.trim()) return setErrors({ url: [SHRINKER_MESSAGES.url] });
          const done = await run(() => createShrinker({ url: url.trim() }));
          if (!done.ok) return;
          setCreated(done.value);
          setUrl('');
          onCreated(done.value);
        }}
      >
        {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
        <Field
          label="短縮するURL"
          hint="http:// または https:// で始まるURL。このサイトの短縮URL（/s/…）は指定できません。"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/campaign"
          maxLength={SHRINKER_URL_MAX}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          errors={errors.url}
          required
        />
        <Button type="submit" disabled={busy}>
          短縮URLを作成する
        </Button>
      </form>
      {created && (
        <Result aria-label="新しい短縮URL" style={{ marginTop: 16 }}>
          <span>{SHRINKER_MESSAGES.created}</span>
          <output>{created.short_url}</output>
          <CopyButton text={created.short_url} label="新しい短縮URLをコピー" />
        </Result>
      )}
    </Card>
  );
}

/** 30 bars, one per Japan day; the numbers are in the table below for screen readers and exact reading. */
function DayChart({ days }: { days: DayClicks[] }) {
  const max = Math.max(1, ...days.map((d) => d.clicks));
  const total = days.reduce((sum, d) => sum + d.clicks, 0);
  const width = 300;
  const height = 100;
  const bar = width / days.length;
  return (
    <figure style={{ margin: '16px 0' }}>
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        width="100%"
        role="img"
        aria-label={`直近${SHRINKER_CHART_DAYS}日間のクリック数のグラフ（合計${formatCount(total)}回、最多の日${formatCount(max === 1 && total === 0 ? 0 : max)}回）`}
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke="#ccc" strokeWidth="1" />
        {days.map((d, i) => {
          const h = (d.clicks / max) * (height - 4);
          return (
            <rect key={d.day} x={i * bar + 1} y={height - h} width={bar - 2} height={h} fill="#e8508a" rx="1">
              <title>{`${shortDay(d.day)}：${formatCount(d.clicks)}回`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 12} fontSize="10" fill="#666">
          {shortDay(days[0]?.day ?? '')}
        </text>
        <text x={width} y={height + 12} fontSize="10" fill="#666" textAnchor="end">
          {shortDay(days.at(-1)?.day ?? '')}
        </text>
      </svg>
      <figcaption style={{ fontSize: 14, color: '#666' }}>
        日ごとのクリック数（日本時間）。ボット・リンクプレビュー・同じ端末からの1時間以内の再アクセスは数えません。
      </figcaption>
      <details>
        <summary>日ごとの数値を表示</summary>
        <Table aria-label="日ごとのクリック数">
          <thead>
            <tr>
              <th scope="col">日付</th>
              <th scope="col">クリック数</th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day}>
                <td>{shortDay(d.day)}</td>
                <td className="num">{formatCount(d.clicks)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </figure>
  );
}

function DetailPanel({ id, onChanged }: { id: number; onChanged: (item: ShrinkerItem) => void }) {
  const [version, setVersion] = useState(0);
  const detail = useResource((signal) => getShrinker(id, signal), `${id}:${version}`);
  const { busy, message, run } = useSubmission();
  if (detail.state === 'loading') return <PageLoading label="短縮URLの詳細を読み込んでいます…" />;
  if (detail.state === 'failed') return <FormAlert role="alert">{detail.error.message}</FormAlert>;
  const d = detail.data;
  const toggle = async () => {
    if (
      d.active &&
      !window.confirm('この短縮URLを停止しますか？アクセスした人には「掲載は終了しました」と表示されます。')
    )
      return;
    const done = await run(() => updateShrinker(d.id, { active: !d.active }));
    if (!done.ok) return;
    onChanged(done.value.item);
    setVersion((v) => v + 1);
  };
  return (
    <Card aria-labelledby="shrinker-detail">
      <h2 id="shrinker-detail">短縮URLの詳細</h2>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Dl>
        <dt>短縮URL</dt>
        <dd>
          <a href={d.short_url} target="_blank" rel="noopener noreferrer">
            {d.short_url}
          </a>
        </dd>
        <dt>転送先</dt>
        <dd>{d.url}</dd>
        <dt>クリック数</dt>
        <dd>
          <strong data-testid="shrinker-clicks">{formatCount(d.clicks)}</strong>回（累計）
        </dd>
        <dt>状態</dt>
        <dd>
          <Badge on={d.active}>{statusLabel(d)}</Badge>
          {d.disabled_at && <> {formatDateTime(d.disabled_at)}に停止</>}
        </dd>
        <dt>作成日時</dt>
        <dd>{formatDateTime(d.created_at)}</dd>
      </Dl>
      <DayChart days={d.clicks_per_day} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <CopyButton text={d.short_url} label="短縮URLをコピー" />
        <Button size="sm" variant="ghost" onClick={() => setVersion((v) => v + 1)}>
          最新の数値に更新
        </Button>
        <Button size="sm" variant={d.active ? 'danger' : 'secondary'} disabled={busy} onClick={toggle}>
          {d.active ? 'この短縮URLを停止する' : 'この短縮URLを再開する'}
        </Button>
      </div>
    </Card>
  );
}

/** Seed spec section 2: 短縮URLの作成. */
export default function AdminUrlShrinkerPage() {
  const [items, setItems] = useState<ShrinkerItem[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [phase, setPhase] = useState<'loading' | 'done' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);

  const read = useCallback((cursor?: number) => {
    setPhase('loading');
    listShrinkers(cursor === undefined ? {} : { cursor }).then(
      (page) => {
        setItems((list) => (cursor === undefined ? page.items : [...list, ...page.items]));
        setNext(page.next_cursor);
        setPhase('done');
      },
      (err: unknown) => {
        setError(asApiError(err).message);
        setPhase('failed');
      },
    );
  }, []);
  useEffect(() => read(), [read]);

  return (
    <PageFrame {...head}>
      <CreateForm
        onCreated={(c) => {
          read();
          setSelected(c.id);
        }}
      />
      {phase === 'failed' && <FormAlert role="alert">{error}</FormAlert>}
      <Layout>
        <section aria-labelledby="shrinker-list">
          <h2 id="shrinker-list">作成した短縮URL</h2>
          {phase === 'done' && items.length === 0 ? (
            <EmptyState title="短縮URLはまだありません">
              URLを登録すると、短縮URLとクリック数がここに表示されます。
            </EmptyState>
          ) : (
            <TableScroll>
              <Table aria-label="短縮URLの一覧">
                <thead>
                  <tr>
                    <th scope="col">短縮URL・転送先</th>
                    <th scope="col">クリック数</th>
                    <th scope="col">状態</th>
                    <th scope="col">作成日時</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.id} aria-selected={selected === item.id}>
                      <td>
                        <RowButton
                          type="button"
                          onClick={() => setSelected(item.id)}
                          aria-label={`${item.short_url} の詳細`}
                        >
                          /s/{item.code}
                        </RowButton>
                        <div>
                          <Url>{item.url}</Url>
                        </div>
                      </td>
                      <td className="num">{formatCount(item.clicks)}</td>
                      <td>
                        <Badge on={item.active}>{statusLabel(item)}</Badge>
                      </td>
                      <td>
                        <DateTime iso={item.created_at} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
          {phase === 'loading' && <PageLoading label="短縮URLを読み込んでいます…" />}
          {phase === 'done' && next !== null && (
            <Button variant="secondary" onClick={() => read(next)}>
              さらに50件読み込む
            </Button>
          )}
        </section>
        <div>
          {selected === null ? (
            <p>一覧の短縮URLを選ぶと、ここに日ごとのクリック数が表示されます。</p>
          ) : (
            <DetailPanel
              key={selected}
              id={selected}
              onChanged={(changed) =>
                setItems((list) => list.map((x) => (x.id === changed.id ? changed : x)))
              }
            />
          )}
        </div>
      </Layout>
    </PageFrame>
  );
}
