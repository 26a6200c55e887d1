import { useState } from 'react';
import { RECRUITMENT_MESSAGES, type ShopEntry } from '../../../contracts/recruitments.ts';
import { SNS_PLATFORM_LABELS } from '../../../contracts/supporters.ts';
import { formatCount } from '../../platform/ui/format.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { DataTable, TableScroll } from '../../platform/ui/DataTable.tsx';
import { formatDate, StatusBadge } from './common.tsx';
import { cancelWin } from './api/cancel-win.ts';
import { ReasonForm } from './ReasonForm.tsx';
import { RejectPostForm } from './RejectPostForm.tsx';

const Table = DataTable;
const Scroll = TableScroll;

/**
 * A recruitment's entries as the shop and staff see them: the entry number, screen name and SNS only
 * (issue 15), the status, and the step the shop takes next (visit, post approval).
 */
export function EntryTable({
  items,
  winners,
  selectable,
  selected,
  onToggle,
  onVisit,
  onApprove,
  onRejected,
  onCancelWin,
  awaitingRedraw,
  onRedraw,
  busy,
}: {
  items: ShopEntry[];
  winners: number[];
  selectable?: boolean;
  selected?: Set<number>;
  onToggle?: (id: number) => void;
  onVisit?: (id: number) => void;
  onApprove?: (id: number) => void;
  /** Shown with a reject button on posts to judge; called after a rejection (ADR 0083). */
  onRejected?: () => void;
  /** Staff: cancel a win (当選 or 体験済) with a public reason (issue 23); called after it is done. */
  onCancelWin?: () => void;
  /** Released winners whose place is not given yet, and the redraw that gives it (issue 23). */
  awaitingRedraw?: number[];
  onRedraw?: (id: number) => void;
  busy?: boolean;
}) {
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const acts = !!(onVisit || onApprove || onCancelWin || onRedraw);
  return (
    <Scroll>
      <Table>
        <thead>
          <tr>
            {selectable && <th scope="col">当選</th>}
            <th scope="col">応募番号</th>
            <th scope="col">ユーザーID</th>
            <th scope="col">SNS</th>
            <th scope="col">回答・投稿</th>
            <th scope="col">状況</th>
            <th scope="col">応募日</th>
            {acts && <th scope="col">操作</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id}>
              {selectable && (
                <td>
                  <input
                    type="checkbox"
                    aria-label={`応募番号${e.id}（${e.screen_name}）を当選にする`}
                    checked={selected?.has(e.id) ?? false}
                    onChange={() => onToggle?.(e.id)}
                    disabled={e.status !== '応募中'}
                  />
                </td>
              )}
              <td>
                {e.id}
                {winners.includes(e.id) && ' 🏆'}
              </td>
              <td>{e.screen_name}</td>
              <td>
                {e.sns.length === 0
                  ? '—'
                  : e.sns.map((a) => (
                      <div key={`${a.platform}-${a.handle}`}>
                        {SNS_PLATFORM_LABELS[a.platform]}{' '}
                        <a href={a.profile_url} target="_blank" rel="noopener noreferrer">
                          @{a.handle}
                        </a>
                        {a.follower_count !== null && `（${formatCount(a.follower_count)}人）`}
                      </div>
                    ))}
              </td>
              <td>
                {e.answer && <div>{e.answer}</div>}
                {e.post_url && (
                  <a href={e.post_url} target="_blank" rel="noopener noreferrer">
                    投稿を見る
                  </a>
                )}
                {e.reject_reason && (
                  <div>
                    非承認：{e.reject_reason}
                    {e.reject_note && `（${e.reject_note}）`}
                  </div>
                )}
                {!e.answer && !e.post_url && '—'}
              </td>
              <td>
                <StatusBadge status={e.status} />
              </td>
              <td className="date">{formatDate(e.created_at)}</td>
              {acts && (
                <td>
                  {onVisit && e.status === '当選' && (
                    <Button size="sm" disabled={busy} onClick={() => onVisit(e.id)}>
                      来店を確認
                    </Button>
                  )}
                  {onApprove && e.status === '投稿済' && (
                    <Button size="sm" disabled={busy} onClick={() => onApprove(e.id)}>
                      投稿を承認
                    </Button>
                  )}
                  {onRejected && e.status === '投稿済' && rejecting !== e.id && (
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => setRejecting(e.id)}>
                      非承認…
                    </Button>
                  )}
                  {onRejected && e.status === '投稿済' && rejecting === e.id && (
                    <RejectPostForm
                      entryId={e.id}
                      onCancel={() => setRejecting(null)}
                      onDone={() => {
                        setRejecting(null);
                        onRejected();
                      }}
                    />
                  )}
                  {onCancelWin && (e.status === '当選' || e.status === '体験済') && cancelling !== e.id && (
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => setCancelling(e.id)}>
                      当選を取り消す…
                    </Button>
                  )}
                  {onCancelWin && cancelling === e.id && (
                    <ReasonForm
                      label={`応募番号${e.id}の当選を取り消す`}
                      hint="当選者にはメールで理由をお知らせします。取り消した枠は、繰り上げ当選で次の順位の応募に移せます。"
                      submitLabel="当選を取り消す"
                      confirmText={(reason) =>
                        `応募番号${e.id}（${e.screen_name}）の当選を取り消しますか？\n理由：${reason}\n当選者にメールが送られ、理由は公開ページに表示されます。元に戻せません。`
                      }
                      doneText={RECRUITMENT_MESSAGES.cancelled}
                      action={(reason) => cancelWin(e.id, { reason })}
                      onCancel={() => setCancelling(null)}
                      onDone={() => {
                        setCancelling(null);
                        onCancelWin();
                      }}
                    />
                  )}
                  {onRedraw && awaitingRedraw?.includes(e.id) && (
                    <Button size="sm" disabled={busy} onClick={() => onRedraw(e.id)}>
                      この枠を繰り上げ当選にする
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroll>
  );
}
