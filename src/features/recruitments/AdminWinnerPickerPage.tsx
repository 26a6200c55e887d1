import { useState } from 'react';
import { Link } from 'wouter';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import type { ScreenProps } from '../../platform/routing.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView, NotFoundView } from '../../platform/ui/StatusViews.tsx';
import { drawWinners } from './api/draw-winners.ts';
import { approvePost } from './api/approve-post.ts';
import { confirmVisit } from './api/confirm-visit.ts';
import { getRecruitment } from './api/get-recruitment.ts';
import { pickWinners } from './api/pick-winners.ts';
import { redrawWinner } from './api/redraw-winner.ts';
import { DrawAudit, formatPeriod, StatusBadge } from './common.tsx';
import { EntryTable } from './EntryTable.tsx';
import { useShopEntries } from './useShopEntries.ts';

/**
 * Seed spec section 2 / issue 15: staff choose the winners, by hand (tick entries) or by the auditable
 * lottery, once; a winner who declines is replaced by the next rank of the same seed.
 */
export default function AdminWinnerPickerPage({ params }: ScreenProps) {
  const id = Number(params.recruitmentId);
  const [version, setVersion] = useState(0);
  const res = useResource((signal) => getRecruitment(id, signal), `${id}:${version}`);
  const { res: entries, reload } = useShopEntries(id, res.state === 'done');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const { busy, message, errors, run } = useSubmission();

  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed') {
    if (res.error.status === 404) return <NotFoundView what="モニター募集" />;
    return <MessageView title="モニター募集を表示できません">{res.error.message}</MessageView>;
  }
  const r = res.data;
  const decided = r.selection !== null;
  const canChoose = !decided && (r.status === '募集中' || r.status === '選考中');
  const after = async (action: () => Promise<unknown>) => {
    const done = await run(action);
    if (done.ok) {
      setSelected(new Set());
      setConfirming(false);
      reload();
      setVersion((v) => v + 1);
    }
  };
  const toggle = (entryId: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(entryId)) next.delete(entryId);
      else next.add(entryId);
      return next;
    });
  const winners = (r.winner_entry_ids ?? []).filter((e) => !(r.declined_entry_ids ?? []).includes(e));

  return (
    <PageFrame
      title={`当選者の選定：${r.title}`}
      breadcrumbs={[
        { label: '管理メニュー', href: '/admin-menu' },
        { label: 'モニター募集の一覧', href: '/admin-recruitment-list' },
        { label: '当選者の選定' },
      ]}
      lead={
        <>
          <StatusBadge status={r.status} /> {r.shop.name}・当選人数 {r.winners_count}名・応募{' '}
          {r.entries_count}件・応募期間 {formatPeriod(r.application_starts_at, r.application_ends_at)}
          {r.status !== '終了' && (
            <>
              ・<Link href={`/admin-recruitment?id=${r.id}`}>内容を編集する</Link>
            </>
          )}
        </>
      }
    >
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {errors.entry_ids && <FormAlert role="alert">{errors.entry_ids.join(' ')}</FormAlert>}
      {canChoose && (
        <Card aria-labelledby="lottery-title">
          <h2 id="lottery-title">抽選で選ぶ</h2>
          <p>
            応募中の応募をすべて抽選の対象として確定し、公開済みのシード値で順位を計算して、上位
            {r.winners_count}
            名を当選にします。募集中の場合は応募を締め切ります。抽選は一度だけで、やり直せません。
          </p>
          {confirming ? (
            <>
              <Notice>抽選を実行すると、当選・落選のメールが応募者に送られます。よろしいですか？</Notice>
              <Button disabled={busy} onClick={() => after(() => drawWinners(r.id))}>
                抽選を実行する
              </Button>{' '}
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                やめる
              </Button>
            </>
          ) : (
            <Button onClick={() => setConfirming(true)} disabled={r.entries_count === 0}>
              抽選で{r.winners_count}名を選ぶ
            </Button>
          )}
        </Card>
      )}
      <Card aria-labelledby="entries-title">
        <h2 id="entries-title">応募者</h2>
        {canChoose && (
          <p>手動で選ぶ場合は、当選にする応募にチェックを入れてください（{r.winners_count}名まで）。</p>
        )}
        {entries.state === 'loading' ? (
          <PageLoading label="応募を読み込んでいます…" />
        ) : entries.state === 'failed' ? (
          <p>{entries.error.message}</p>
        ) : entries.data.length === 0 ? (
          <p>まだ応募はありません。</p>
        ) : (
          <EntryTable
            items={entries.data}
            winners={winners}
            selectable={canChoose}
            selected={selected}
            onToggle={toggle}
            busy={busy}
            onVisit={(entryId) => after(() => confirmVisit(entryId))}
            onApprove={(entryId) => after(() => approvePost(entryId))}
            onRejected={() => void after(async () => undefined)}
            {...(r.selection === 'lottery'
              ? { onDecline: (entryId: number) => after(() => redrawWinner(r.id, entryId)) }
              : {})}
          />
        )}
        {canChoose && (
          <Button
            variant="secondary"
            disabled={busy || selected.size === 0}
            onClick={() => after(() => pickWinners(r.id, { entry_ids: [...selected] }))}
          >
            チェックした{selected.size}件を当選にする
          </Button>
        )}
      </Card>
      {decided && (
        <Card>
          <p>
            当選：{winners.join('、') || '—'}
            {r.selection === 'lottery' ? '（抽選）' : '（手動）'}。
            <Link href={`/winner-picker/${r.id}`}>公開ページで確認する</Link>
          </p>
          <DrawAudit r={r} />
        </Card>
      )}
    </PageFrame>
  );
}
