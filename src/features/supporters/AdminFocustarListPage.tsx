import { useEffect, useId, useState } from 'react';
import {
  PREFECTURES,
  REVIEW_STATUSES,
  ROLE_LABELS,
  type ReviewStatus,
  SNS_PLATFORM_LABELS,
  SUPPORTER_SORT_LABELS,
  SUPPORTER_SORTS,
  type SupporterDetail,
  type SupporterListQuery,
  type SupporterRow,
} from '../../../contracts/supporters.ts';
import { asApiError, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { DataTable, RowButton, TableScroll } from '../../platform/ui/DataTable.tsx';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { formatCount, formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { exportSupporters } from './api/export-supporters.ts';
import { getSupporter } from './api/get-supporter.ts';
import { listSupporters } from './api/list-supporters.ts';
import { setSupporterStatus } from './api/set-supporter-status.ts';
import { RoleForm } from './RoleForm.tsx';
import { HistoryLink } from '../../platform/ui/HistoryLink.tsx';
import type { ScreenHead } from '../../platform/routing.ts';
import { DateTime } from '../../platform/ui/DateTime.tsx';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: '登録フォーカスター一覧',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: '登録フォーカスター一覧' }],
  lead: '登録しているフォーカスターを検索し、SNSアカウントと審査状況を確認します。口座情報はこの画面には表示されません。',
};

/**
 * Issue 16: 登録フォーカスター一覧. Search (name, user ID, e-mail), filters (review status, prefecture,
 * approved SNS), sort, 50 a page with a keyset cursor, a detail panel with the status change (the reason
 * is mailed), and a CSV of the filtered list. Bank accounts are never shown here.
 */
const Filters = styled('form', {
  display: 'grid',
  gap: '$3',
  marginBottom: '$4',
  '@md': { gridTemplateColumns: '2fr repeat(4, 1fr)', alignItems: 'end' },
  '& > div': { marginBottom: 0 },
});
const Select = styled('select', inputStyles);
const Small = styled('label', { fontWeight: 700, fontSize: '$small', display: 'block' });
const Table = styled(DataTable, {
  '& th': { backgroundColor: '$gray100' },
  '& tr[aria-selected="true"] td': { backgroundColor: '$primaryPale' },
});
const Layout = styled('div', {
  display: 'grid',
  gap: '$4',
  '@lg': { gridTemplateColumns: '3fr 2fr' },
  // Issue 25 (7): a column may be narrower than its table (the table scrolls inside it, not the page).
  '& > *': { minWidth: 0 },
});
const Dl = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $3',
  fontSize: '$small',
  '& dt': { fontWeight: 700 },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});

function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  empty,
}: {
  label: string;
  value: T | '';
  options: readonly T[];
  onChange: (v: T | '') => void;
  empty?: string;
}) {
  const id = useId();
  return (
    <div>
      <Small htmlFor={id}>{label}</Small>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(options.find((o) => o === e.target.value) ?? '')}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Select>
    </div>
  );
}

function StatusForm({ detail, onSaved }: { detail: SupporterDetail; onSaved: (d: SupporterDetail) => void }) {
  const id = useId();
  const [status, setStatus] = useState<ReviewStatus>(detail.status);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, errors, run } = useSubmission();
  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        setDone(null);
        const saved = await run(() => setSupporterStatus(detail.id, { status, reason }));
        if (!saved.ok) return;
        setReason('');
        setDone(`審査状況を「${saved.value.status}」に変更し、本人にメールで知らせました。`);
        onSaved(saved.value);
      }}
    >
      <h3>審査状況を変更する</h3>
      {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
      <Small htmlFor={id}>審査状況</Small>
      <Select
        id={id}
        value={status}
        onChange={(e) => setStatus(REVIEW_STATUSES.find((s) => s === e.target.value) ?? status)}
      >
        {REVIEW_STATUSES.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </Select>
      <FieldErrors id={`${id}-error`} errors={errors.status} />
      <Field
        label="理由・連絡事項（本人にメールで届きます。却下のときは必須）"
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
        errors={errors.reason}
      />
      {done && (
        <p role="status" style={{ fontWeight: 700 }}>
          {done}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        変更してメールを送る
      </Button>
    </form>
  );
}

function DetailPanel({ id, onChanged }: { id: number; onChanged: (row: SupporterDetail) => void }) {
  const [detail, setDetail] = useState<SupporterDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    setDetail(null);
    setError(null);
    getSupporter(id, ctrl.signal).then(setDetail, (err: unknown) => {
      if (!ctrl.signal.aborted) setError(asApiError(err).message);
    });
    return () => ctrl.abort();
  }, [id]);
  if (error) return <FormAlert role="alert">{error}</FormAlert>;
  if (!detail) return <PageLoading label="詳細を読み込んでいます…" />;
  return (
    <Card aria-labelledby="supporter-detail">
      <h2 id="supporter-detail">
        {detail.name}（@{detail.screen_name}）
      </h2>
      <HistoryLink table="users" id={detail.id} />
      <Dl>
        <dt>メールアドレス</dt>
        <dd>
          {detail.email ?? '未登録'}
          {detail.email_verified ? '（確認済み）' : '（未確認）'}
        </dd>
        <dt>都道府県</dt>
        <dd>{detail.prefecture ?? '未登録'}</dd>
        <dt>生まれ年</dt>
        <dd>{detail.birth_year ?? '未登録'}</dd>
        <dt>役割</dt>
        <dd>{ROLE_LABELS[detail.role]}</dd>
        <dt>審査状況</dt>
        <dd>{detail.status}</dd>
        <dt>お気に入り</dt>
        <dd>{formatCount(detail.favorites_count)}店</dd>
        <dt>登録日時</dt>
        <dd>{formatDateTime(detail.created_at)}</dd>
      </Dl>
      <h3>SNSアカウント</h3>
      {detail.sns_accounts.length === 0 ? (
        <p>登録されていません。</p>
      ) : (
        <ul>
          {detail.sns_accounts.map((a) => (
            <li key={a.id}>
              {SNS_PLATFORM_LABELS[a.provider]}{' '}
              <a href={a.profile_url} target="_blank" rel="noopener noreferrer">
                @{a.handle}
              </a>
              ：{a.status}
              {a.follower_count !== null ? `（フォロワー ${formatCount(a.follower_count)}人）` : ''}
              <HistoryLink table="sns_accounts" id={a.id} />
            </li>
          ))}
        </ul>
      )}
      <StatusForm
        detail={detail}
        onSaved={(d) => {
          setDetail(d);
          onChanged(d);
        }}
      />
      <RoleForm detail={detail} onSaved={(role) => setDetail({ ...detail, role })} />
      {detail.status_history.length > 0 && (
        <>
          <h3>審査の履歴</h3>
          <ul>
            {detail.status_history.map((h) => (
              <li key={`${h.created_at}-${h.status}`}>
                {formatDateTime(h.created_at)} {h.status}
                {h.reason ? `：${h.reason}` : ''}
                {h.reviewer_name ? `（${h.reviewer_name}）` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** Seed spec section 2: 登録フォーカスター一覧. */
export default function AdminFocustarListPage() {
  const [form, setForm] = useState({
    q: '',
    status: '' as ReviewStatus | '',
    prefecture: '' as (typeof PREFECTURES)[number] | '',
    has_sns: '' as '' | 'true' | 'false',
    sort: 'newest' as (typeof SUPPORTER_SORTS)[number],
  });
  const [query, setQuery] = useState<SupporterListQuery>({ sort: 'newest' });
  const [rows, setRows] = useState<SupporterRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [phase, setPhase] = useState<'loading' | 'done' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const exporting = useSubmission();

  const read = (q: SupporterListQuery, signal?: AbortSignal) => {
    setPhase('loading');
    listSupporters(q, signal).then(
      (page) => {
        setRows((r) => (q.cursor ? [...r, ...page.items] : page.items));
        setNext(page.next_cursor);
        setPhase('done');
      },
      (err: unknown) => {
        if (signal?.aborted) return;
        setError(asApiError(err).message);
        setPhase('failed');
      },
    );
  };
  useEffect(() => {
    const ctrl = new AbortController();
    read(query, ctrl.signal);
    return () => ctrl.abort();
  }, [query]);

  const apply = () => {
    setSelected(null);
    setQuery({
      sort: form.sort,
      ...(form.q.trim() ? { q: form.q.trim() } : {}),
      ...(form.status ? { status: form.status } : {}),
      ...(form.prefecture ? { prefecture: form.prefecture } : {}),
      ...(form.has_sns ? { has_sns: form.has_sns === 'true' } : {}),
    });
  };
  const download = async () => {
    const csv = await exporting.run(() => exportSupporters(query));
    if (!csv.ok) return;
    const url = URL.createObjectURL(new Blob([csv.value], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `focustar-supporters-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <PageFrame {...head}>
      <Filters
        role="search"
        aria-label="フォーカスターを探す"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <Field
          label="キーワード（名前・ユーザーID・メールアドレス）"
          hint="メールアドレスは、すべて入力するとその方だけを、「taro@」のように先頭から@まで入力すると、その語で始まるアドレスの方を表示します。"
          value={form.q}
          maxLength={100}
          onChange={(e) => setForm({ ...form, q: e.target.value })}
        />
        <SelectField
          label="審査状況"
          value={form.status}
          options={REVIEW_STATUSES}
          empty="すべて"
          onChange={(v) => setForm({ ...form, status: v })}
        />
        <SelectField
          label="都道府県"
          value={form.prefecture}
          options={PREFECTURES}
          empty="すべて"
          onChange={(v) => setForm({ ...form, prefecture: v })}
        />
        <div>
          <Small htmlFor="has-sns">承認済みSNS</Small>
          <Select
            id="has-sns"
            value={form.has_sns}
            onChange={(e) =>
              setForm({
                ...form,
                has_sns: e.target.value === 'true' ? 'true' : e.target.value === 'false' ? 'false' : '',
              })
            }
          >
            <option value="">すべて</option>
            <option value="true">あり</option>
            <option value="false">なし</option>
          </Select>
        </div>
        <div>
          <Small htmlFor="sort">並び順</Small>
          <Select
            id="sort"
            value={form.sort}
            onChange={(e) =>
              setForm({ ...form, sort: SUPPORTER_SORTS.find((s) => s === e.target.value) ?? 'newest' })
            }
          >
            {SUPPORTER_SORTS.map((s) => (
              <option key={s} value={s}>
                {SUPPORTER_SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button type="submit">検索する</Button>
          <Button variant="ghost" disabled={exporting.busy} onClick={download}>
            CSVで書き出す
          </Button>
        </div>
      </Filters>
      {exporting.message && <FormAlert role="alert">{exporting.message}</FormAlert>}
      {phase === 'failed' && <FormAlert role="alert">{error}</FormAlert>}
      <Layout>
        <div>
          {phase === 'done' && rows.length === 0 ? (
            <EmptyState title="条件に合うフォーカスターはいません">条件を変えて検索してください。</EmptyState>
          ) : (
            <TableScroll>
              <Table aria-label="フォーカスター一覧">
                <thead>
                  <tr>
                    <th scope="col">名前</th>
                    <th scope="col">都道府県</th>
                    <th scope="col">審査</th>
                    <th scope="col">承認SNS</th>
                    <th scope="col">登録日</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id} aria-selected={selected === r.id}>
                      <td>
                        <RowButton type="button" onClick={() => setSelected(r.id)}>
                          {r.name}
                        </RowButton>
                        <div>@{r.screen_name}</div>
                        <div>{r.email ?? ''}</div>
                      </td>
                      <td>{r.prefecture ?? '—'}</td>
                      <td>{r.status}</td>
                      <td>{r.approved_sns_count}</td>
                      <td>
                        <DateTime iso={r.created_at} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
          {phase === 'loading' && <PageLoading label="フォーカスターを読み込んでいます…" />}
          {phase === 'done' && next && (
            <Button variant="secondary" onClick={() => read({ ...query, cursor: next })}>
              さらに50件読み込む
            </Button>
          )}
        </div>
        <div>
          {selected === null ? (
            <p>一覧の名前を選ぶと、ここに詳細が表示されます。</p>
          ) : (
            <DetailPanel
              id={selected}
              onChanged={(d) =>
                setRows((list) => list.map((r) => (r.id === d.id ? { ...r, status: d.status } : r)))
              }
            />
          )}
        </div>
      </Layout>
    </PageFrame>
  );
}
