import { useId, useState } from 'react';
import { Link } from 'wouter';
import {
  RECRUITMENT_STATUSES,
  type RecruitmentStatus,
  type RecruitmentSummary,
} from '../../../contracts/recruitments.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { DataTable, RowActions, TableScroll } from '../../platform/ui/DataTable.tsx';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { changeStatus } from './api/change-status.ts';
import { listAdminRecruitments } from './api/list-admin-recruitments.ts';
import { formatDate, StatusBadge } from './common.tsx';

const Select = styled('select', { ...inputStyles, width: 'auto' });
const Input = styled('input', { ...inputStyles, width: '100%' });
const Filters = styled('form', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$3',
  alignItems: 'flex-end',
  marginBottom: '$4',
  '& label': {
    display: 'flex',
    flexDirection: 'column',
    gap: '$1',
    fontSize: '$small',
    fontWeight: 700,
    // Issue 25 (7): at 320 px the keyword's long label and its field wrap inside the window.
    maxWidth: '100%',
    minWidth: 0,
  },
  '& label:has(input)': { flex: '1 1 16rem' },
});

/** Issue 25: what each move of the list asks first, and what it reports after. */
const MOVES = {
  募集中: {
    ask: (t: string) => `「${t}」を公開しますか？公開すると、フォーカスターが応募できるようになります。`,
    done: (t: string) => `「${t}」を公開しました。`,
  },
  選考中: {
    ask: (t: string) =>
      `「${t}」の応募を締め切りますか？締め切ると、新しい応募は受け付けられません。元に戻せません。`,
    done: (t: string) => `「${t}」の応募を締め切りました。`,
  },
  終了: {
    ask: (t: string) => `「${t}」を終了にしますか？終了した募集は変更できません。`,
    done: (t: string) => `「${t}」を終了にしました。`,
  },
} as const;

/** Seed spec section 2 / issue 15: every recruitment with its entry count, filters and pages (staff). */
export default function AdminRecruitmentListPage() {
  const ids = { status: useId(), q: useId() };
  const [status, setStatus] = useState<RecruitmentStatus | ''>('');
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [version, setVersion] = useState(0);
  const [more, setMore] = useState<{ items: RecruitmentSummary[]; cursor: number | null } | null>(null);
  const filter = { ...(status ? { status } : {}), ...(query ? { q: query } : {}) };
  const res = useResource((signal) => {
    setMore(null);
    return listAdminRecruitments(filter, signal);
  }, `${status}|${query}|${version}`);
  const { busy, message, run } = useSubmission();

  const items = res.state === 'done' ? [...res.data.items, ...(more?.items ?? [])] : [];
  const cursor = more ? more.cursor : res.state === 'done' ? res.data.next_cursor : null;
  const move = async (r: RecruitmentSummary, to: '募集中' | '選考中' | '終了') => {
    if (!window.confirm(MOVES[to].ask(r.title))) return;
    const done = await run(() => changeStatus(r.id, { status: to }));
    // Moved meanwhile (another staff member, the clock at an end date): the message says what it is
    // now, and the list is read again so that its row offers what can be done from there.
    if (!done.ok && done.status === 409) setVersion((v) => v + 1);
    if (!done.ok) return;
    notify.success(MOVES[to].done(r.title));
    setVersion((v) => v + 1);
  };
  const loadMore = async () => {
    if (cursor === null) return;
    const page = await listAdminRecruitments({ ...filter, cursor });
    setMore({ items: [...(more?.items ?? []), ...page.items], cursor: page.next_cursor });
  };

  return (
    <PageFrame
      title="モニター募集の一覧"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'モニター募集の一覧' }]}
      lead="すべてのモニター募集の状況と応募数です。公開、締め切り、当選者の選定はここから行います。"
    >
      <Filters
        role="search"
        aria-label="モニター募集の絞り込み"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(q.trim());
        }}
      >
        <label htmlFor={ids.status}>
          状況
          <Select
            id={ids.status}
            value={status}
            onChange={(e) => setStatus(e.target.value as RecruitmentStatus | '')}
          >
            <option value="">すべて</option>
            {RECRUITMENT_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </Select>
        </label>
        <label htmlFor={ids.q}>
          キーワード（タイトル・お店の名前）
          <Input id={ids.q} value={q} maxLength={80} onChange={(e) => setQ(e.target.value)} />
        </label>
        <Button type="submit" variant="outline">
          絞り込む
        </Button>
        <ButtonLink href="/admin-recruitment">新しく作成する</ButtonLink>
      </Filters>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {res.state === 'loading' ? (
        <PageLoading label="募集を読み込んでいます…" />
      ) : res.state === 'failed' ? (
        <MessageView title="モニター募集を読み込めませんでした">{res.error.message}</MessageView>
      ) : items.length === 0 ? (
        <EmptyState
          title="該当するモニター募集はありません"
          action={<ButtonLink href="/admin-recruitment">モニター募集を作成する</ButtonLink>}
        />
      ) : (
        <>
          <TableScroll>
            <DataTable>
              <thead>
                <tr>
                  <th scope="col">番号</th>
                  <th scope="col">タイトル・お店</th>
                  <th scope="col">状況</th>
                  <th scope="col">応募数</th>
                  <th scope="col">応募締切</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {items.map((r) => (
                  <tr key={r.id}>
                    <td>{r.id}</td>
                    <td>
                      <Link href={`/recruitments/${r.id}`}>{r.title}</Link>
                      <div>{r.shop.name}</div>
                    </td>
                    <td>
                      <StatusBadge status={r.status} />
                      {r.publish_at && <div>{formatDate(r.publish_at)}に公開予約</div>}
                    </td>
                    <td className="num">{r.entries_count}件</td>
                    <td className="date">{formatDate(r.application_ends_at)}</td>
                    <td>
                      <RowActions>
                        {r.status === '下書き' && !r.publish_at && (
                          <Button size="sm" disabled={busy} onClick={() => move(r, '募集中')}>
                            公開する
                          </Button>
                        )}
                        {r.status === '募集中' &&
                          (Date.parse(r.application_ends_at) < Date.now() ? (
                            <Button
                              size="sm"
                              variant="outline"
                              disabled={busy}
                              onClick={() => move(r, '選考中')}
                            >
                              締め切る
                            </Button>
                          ) : (
                            // Before the deadline closing is its own action, with a reason (issue 23).
                            <ButtonLink
                              size="sm"
                              variant="outline"
                              href={`/admin-recruitment-winner-picker/${r.id}`}
                            >
                              早めに締め切る
                            </ButtonLink>
                          ))}
                        {(r.status === '募集中' || r.status === '選考中' || r.status === '当選発表済') && (
                          <ButtonLink size="sm" href={`/admin-recruitment-winner-picker/${r.id}`}>
                            当選者の選定
                          </ButtonLink>
                        )}
                        {r.status !== '終了' && (
                          <ButtonLink size="sm" variant="outline" href={`/admin-recruitment?id=${r.id}`}>
                            編集
                          </ButtonLink>
                        )}
                        {r.status === '当選発表済' && (
                          <Button size="sm" variant="ghost" disabled={busy} onClick={() => move(r, '終了')}>
                            終了にする
                          </Button>
                        )}
                      </RowActions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
          {cursor !== null && (
            <Button variant="outline" onClick={loadMore}>
              さらに表示する
            </Button>
          )}
        </>
      )}
    </PageFrame>
  );
}
