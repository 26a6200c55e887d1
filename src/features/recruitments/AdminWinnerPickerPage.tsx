import { useState } from 'react';
import { RECRUITMENT_MESSAGES } from '../../../contracts/recruitments.ts';
import { notify } from '../../platform/ui/notify.ts';
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
import { CloseEarlyCard } from './CloseEarlyCard.tsx';
import { ClosingRecord, currentWinners, DrawAudit, formatPeriod, StatusBadge } from './common.tsx';
import { EntryTable } from './EntryTable.tsx';
import { useShopEntries } from './useShopEntries.ts';
import { HistoryLink } from '../../platform/ui/HistoryLink.tsx';

/**
 * Seed spec section 2 / issue 15: staff choose the winners, by hand (tick entries) or by the auditable
 * lottery, once, after the application period or an early close with a reason (issue 23); the place of
 * a winner who declined or whom staff cancelled with a reason goes to the next rank of the same seed.
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
  // Issue 23: winners come after the application period, or after staff closed it early with a reason.
  const beforeDeadline = Date.now() <= new Date(r.application_ends_at).getTime() && !r.closed_early;
  const refresh = () => {
    reload();
    setVersion((v) => v + 1);
  };
  const after = async (action: () => Promise<unknown>, done?: string) => {
    const result = await run(action);
    if (result.ok) {
      if (done) notify.success(done);
      setSelected(new Set());
      setConfirming(false);
      refresh();
    }
  };
  const redraw = (entryId: number) => {
    if (
      !window.confirm(
        `応募番号${entryId}の枠を、抽選の次の順位の応募に繰り上げますか？繰り上げ当選の方に当選のメールが送られます。`,
      )
    )
      return;
    void after(() => redrawWinner(r.id, entryId), RECRUITMENT_MESSAGES.redrawn);
  };
  const awaiting = r.replacements.filter((x) => x.replaced_by_entry_id === null).map((x) => x.entry_id);
  const toggle = (entryId: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(entryId)) next.delete(entryId);
      else next.add(entryId);
      return next;
    });
  const winners = currentWinners(r);

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
          <HistoryLink table="recruitments" id={r.id} />
        </>
      }
    >
      {message && <FormAlert role="alert">{message}</FormAlert>}
      {errors.entry_ids && <FormAlert role="alert">{errors.entry_ids.join(' ')}</FormAlert>}
      {r.status === '募集中' && beforeDeadline && <CloseEarlyCard r={r} onDone={refresh} />}
      {canChoose && (
        <Card aria-labelledby="lottery-title">
          <h2 id="lottery-title">抽選で選ぶ</h2>
          <p>
            応募中の応募をすべて抽選の対象として確定し、公開済みのシード値で順位を計算して、上位
            {r.winners_count}
            名を当選にします。抽選は一度だけで、やり直せません。
          </p>
          {beforeDeadline && (
            <Notice>応募期間が終わるまで（または応募を早めに締め切るまで）抽選できません。</Notice>
          )}
          {confirming ? (
            <>
              <Notice>抽選を実行すると、当選・落選のメールが応募者に送られます。よろしいですか？</Notice>
              <Button
                disabled={busy}
                onClick={() => after(() => drawWinners(r.id), RECRUITMENT_MESSAGES.drawn)}
              >
                抽選を実行する
              </Button>{' '}
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                やめる
              </Button>
            </>
          ) : (
            <Button onClick={() => setConfirming(true)} disabled={r.entries_count === 0 || beforeDeadline}>
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
            onCancelWin={refresh}
            {...(r.selection === 'lottery' ? { awaitingRedraw: awaiting, onRedraw: redraw } : {})}
          />
        )}
        {canChoose && (
          <Button
            variant="secondary"
            disabled={busy || selected.size === 0 || beforeDeadline}
            onClick={() => {
              if (
                !window.confirm(
                  `チェックした${selected.size}件を当選にしますか？当選・落選のメールが送られます。`,
                )
              )
                return;
              void after(() => pickWinners(r.id, { entry_ids: [...selected] }), RECRUITMENT_MESSAGES.picked);
            }}
          >
            チェックした{selected.size}件を当選にする
          </Button>
        )}
      </Card>
      {decided && (
        <Card>
          <p>
            当選：{winners.join('、') || '繰り上げ当選の抽選待ち'}
            {r.selection === 'lottery' ? '（抽選）' : '（手動）'}。
            <Link href={`/winner-picker/${r.id}`}>公開ページで確認する</Link>
          </p>
          <ClosingRecord r={r} />
          <DrawAudit r={r} />
        </Card>
      )}
      {!decided && r.closed_early && (
        <Card>
          <ClosingRecord r={r} />
        </Card>
      )}
    </PageFrame>
  );
}
