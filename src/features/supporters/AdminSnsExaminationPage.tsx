import { useEffect, useId, useState } from 'react';
import { SNS_PLATFORM_LABELS, type SnsReviewItem } from '../../../contracts/supporters.ts';
import { asApiError, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FormAlert, parseWholeNumber } from '../../platform/ui/Field.tsx';
import { formatCount, formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { approveSnsAccount } from './api/approve-sns-account.ts';
import { listSnsReview } from './api/list-sns-review.ts';
import { rejectSnsAccount } from './api/reject-sns-account.ts';
import { HistoryLink } from '../../platform/ui/HistoryLink.tsx';
import type { ScreenHead } from '../../platform/routing.ts';

/** ADR 0211, 0213: this screen's head, the same for everyone: the session frame shows it at the first paint. */
export const head: ScreenHead = {
  title: 'SNSアカウントの審査',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: 'SNSアカウントの審査' }],
  lead: 'フォーカスターが登録したSNSアカウントを、古い順に確認します。プロフィールに確認コードがあることを確かめてから承認してください。',
};

/**
 * Issue 16: the queue of SNS accounts waiting for review, oldest first. Staff open the profile, look for
 * the ownership code in its bio, note the follower count, and approve, or reject with a reason; the
 * supporter gets a mail either way.
 */
const Meta = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $4',
  margin: '0 0 $3',
  fontSize: '$small',
  '& dt': { fontWeight: 700, color: '$gray700' },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});
const Actions = styled('div', {
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: '1fr 1fr', alignItems: 'end' },
  '& > div > div': { marginBottom: '$2' },
});
const Code = styled('code', { fontWeight: 700, letterSpacing: '0.08em', fontSize: '$h5' });

function ReviewCard({ item, onDecided }: { item: SnsReviewItem; onDecided: (message: string) => void }) {
  const titleId = useId();
  const [followers, setFollowers] = useState(item.follower_count === null ? '' : String(item.follower_count));
  const [reason, setReason] = useState('');
  const { busy, message, errors, setErrors, run } = useSubmission();
  const label = SNS_PLATFORM_LABELS[item.provider];

  const approve = async () => {
    let follower_count: number | undefined;
    if (followers.trim()) {
      const n = parseWholeNumber(followers);
      if (n === null) {
        setErrors({ follower_count: ['フォロワー数は0以上の整数で入力してください。'] });
        return;
      }
      follower_count = n;
    }
    const done = await run(() =>
      approveSnsAccount(item.id, follower_count === undefined ? {} : { follower_count }),
    );
    if (done.ok) onDecided(`${label}の「@${item.handle}」を承認しました。`);
  };
  const reject = async () => {
    const done = await run(() => rejectSnsAccount(item.id, reason));
    if (done.ok) onDecided(`${label}の「@${item.handle}」を却下しました。`);
  };

  return (
    <Card aria-labelledby={titleId}>
      <h2 id={titleId} style={{ fontSize: '18px' }}>
        {label} @{item.handle}
      </h2>
      <HistoryLink table="sns_accounts" id={item.id} />
      <Meta>
        <dt>フォーカスター</dt>
        <dd>
          {item.user.name}（@{item.user.screen_name}）
        </dd>
        <dt>プロフィール</dt>
        <dd>
          <a href={item.profile_url} target="_blank" rel="noopener noreferrer">
            {item.profile_url}
          </a>
        </dd>
        <dt>確認コード</dt>
        <dd>
          <Code>{item.ownership_code}</Code>（プロフィールに書かれているか確認してください）
        </dd>
        <dt>フォロワー数</dt>
        <dd>{item.follower_count === null ? '未確認' : `${formatCount(item.follower_count)}人`}</dd>
        <dt>登録日時</dt>
        <dd>{formatDateTime(item.created_at)}</dd>
      </Meta>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Actions>
        <div>
          <Field
            label="確認したフォロワー数（任意）"
            inputMode="numeric"
            value={followers}
            onChange={(e) => setFollowers(e.target.value)}
            errors={errors.follower_count}
          />
          <Button disabled={busy} onClick={approve}>
            承認する
          </Button>
        </div>
        <div>
          <Field
            label="却下の理由"
            hint="フォーカスターにメールで届きます。"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            errors={errors.reason}
          />
          <Button variant="danger" disabled={busy} onClick={reject}>
            却下する
          </Button>
        </div>
      </Actions>
    </Card>
  );
}

type State = {
  items: SnsReviewItem[];
  next: number | null;
  phase: 'loading' | 'done' | 'failed';
  error: string | null;
};

/** Seed spec section 2: SNSアカウントの審査. */
export default function AdminSnsExaminationPage() {
  const [state, setState] = useState<State>({ items: [], next: null, phase: 'loading', error: null });
  const [notice, setNotice] = useState<string | null>(null);
  const load = (cursor: number | null, signal?: AbortSignal) => {
    setState((s) => ({ ...s, phase: 'loading' }));
    listSnsReview(cursor, signal).then(
      (page) =>
        setState((s) => ({
          items: cursor ? [...s.items, ...page.items] : page.items,
          next: page.next_cursor,
          phase: 'done',
          error: null,
        })),
      (err: unknown) => {
        if (!signal?.aborted) setState((s) => ({ ...s, phase: 'failed', error: asApiError(err).message }));
      },
    );
  };
  useEffect(() => {
    const ctrl = new AbortController();
    load(null, ctrl.signal);
    return () => ctrl.abort();
  }, []);

  return (
    <PageFrame {...head}>
      {notice && (
        <p role="status" style={{ fontWeight: 700 }}>
          {notice}
        </p>
      )}
      {state.phase === 'failed' && <FormAlert role="alert">{state.error}</FormAlert>}
      {state.phase === 'done' && state.items.length === 0 && (
        <EmptyState title="審査待ちのアカウントはありません">
          新しいSNSアカウントが登録されると、ここに審査待ちとして表示されます。
        </EmptyState>
      )}
      <ul aria-label="審査待ちのSNSアカウント" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {state.items.map((item) => (
          <li key={item.id}>
            <ReviewCard
              item={item}
              onDecided={(message) => {
                setNotice(message);
                setState((s) => ({ ...s, items: s.items.filter((i) => i.id !== item.id) }));
              }}
            />
          </li>
        ))}
      </ul>
      {state.phase === 'loading' && <PageLoading label="審査待ちのアカウントを読み込んでいます…" />}
      {state.phase === 'done' && state.next !== null && (
        <Button variant="secondary" onClick={() => load(state.next)}>
          さらに読み込む
        </Button>
      )}
    </PageFrame>
  );
}
