import { useState } from 'react';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import type { ScreenProps } from '../../platform/routing.ts';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { MessageView, NotFoundView } from '../../platform/ui/StatusViews.tsx';
import { approvePost } from './api/approve-post.ts';
import { confirmVisit } from './api/confirm-visit.ts';
import { getRecruitment } from './api/get-recruitment.ts';
import { ClosingRecord, currentWinners, DrawAudit, StatusBadge } from './common.tsx';
import { EntryTable } from './EntryTable.tsx';
import { RecruitmentFacts } from './RecruitmentDetailPage.tsx';
import { useShopEntries } from './useShopEntries.ts';

/**
 * Seed spec section 2 / issue 15: one recruitment in progress. Its shop's members and staff see the
 * entries (screen name and SNS only) and take the shop's steps; everyone sees the published draw and
 * can verify it in the browser.
 */
export default function WinnerPickerDetailPage({ params }: ScreenProps) {
  const id = Number(params.recruitmentId);
  const [version, setVersion] = useState(0);
  const res = useResource((signal) => getRecruitment(id, signal), `${id}:${version}`);
  const canView = res.state === 'done' && res.data.can_view_entries;
  const { res: entries, reload } = useShopEntries(id, canView);
  const { busy, message, run } = useSubmission();

  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed') {
    if (res.error.status === 404) return <NotFoundView what="モニター募集" />;
    return <MessageView title="モニター募集を表示できません">{res.error.message}</MessageView>;
  }
  const r = res.data;
  const step = async (action: () => Promise<unknown>) => {
    const done = await run(action);
    if (done.ok) {
      reload();
      setVersion((v) => v + 1);
    }
  };
  return (
    <PageFrame
      title={r.title}
      breadcrumbs={[{ label: '進行中のモニター募集', href: '/winner-picker' }, { label: r.title }]}
      lead={
        <>
          <StatusBadge status={r.status} /> {r.shop.name}・応募{r.entries_count}件
        </>
      }
    >
      <Card>
        <Prose>
          <RecruitmentFacts r={r} />
        </Prose>
      </Card>
      {canView && (
        <Card aria-labelledby="entries-title">
          <h2 id="entries-title">応募者</h2>
          <p>応募者の情報は、ユーザーIDとSNSアカウントのみ表示しています。</p>
          {message && <FormAlert role="alert">{message}</FormAlert>}
          {entries.state === 'loading' ? (
            <PageLoading label="応募を読み込んでいます…" />
          ) : entries.state === 'failed' ? (
            <p>{entries.error.message}</p>
          ) : entries.data.length === 0 ? (
            <p>まだ応募はありません。</p>
          ) : (
            <EntryTable
              items={entries.data}
              winners={r.winner_entry_ids ?? []}
              busy={busy}
              onVisit={(entryId) => step(() => confirmVisit(entryId))}
              onApprove={(entryId) => step(() => approvePost(entryId))}
              onRejected={() => void step(async () => undefined)}
            />
          )}
        </Card>
      )}
      <Card>
        {r.winner_entry_ids ? (
          <p>
            当選した応募番号：
            <strong>{currentWinners(r).join('、') || '繰り上げ当選の抽選待ち'}</strong>
            （当選者にはメールでお知らせしました）
          </p>
        ) : (
          <p>当選発表は、選考が終わり次第このページと登録メールでお知らせします。</p>
        )}
        <ClosingRecord r={r} />
        <DrawAudit r={r} />
      </Card>
    </PageFrame>
  );
}
