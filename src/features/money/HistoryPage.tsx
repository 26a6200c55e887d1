import type { Rewards } from '../../../contracts/advertisements.ts';
import { PAYOUT_MINIMUM_YEN, type SupporterPayments, MONEY_MESSAGES } from '../../../contracts/money.ts';
import { useState } from 'react';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useSideMenu } from '../../platform/session/hooks.ts';
import { useRaiseFlag } from '../../platform/session/useRaiseFlag.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { Card, PageFrame, PendingPage } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { getPayments } from './api/get-payments.ts';
import { getRewards } from './api/get-rewards.ts';
import { formatDay, formatMonth, Scroll, Table } from './common.tsx';
import { ShopHistory } from './ShopHistory.tsx';
import type { ModeHeads } from '../../platform/routing.ts';
import { DateTime } from '../../platform/ui/DateTime.tsx';

/**
 * ADR 0211, 0213, 0215: this screen's heads, one per mode (the same for everyone in it): the session frame shows
 * the one of the remembered mode at the first paint.
 */
export const head: ModeHeads = {
  focustar: {
    title: '報酬・お支払い履歴',
    breadcrumbs: [{ label: 'トップ', href: '/' }, { label: '報酬・お支払い履歴' }],
    lead: '確定した報酬と、口座へのお振込みの状況です。',
  },
  shop: {
    title: '報酬・お支払い履歴',
    breadcrumbs: [{ label: 'トップ', href: '/' }, { label: '報酬・お支払い履歴' }],
    lead: '拡散依頼のご請求と、月ごとの請求書です。',
  },
};

const Figures = styled('div', {
  display: 'grid',
  gap: '$3',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  marginBottom: '$5',
});
const Figure = styled('div', {
  border: '1px solid $gray200',
  borderRadius: '$lg',
  padding: '$4',
  backgroundColor: '$white',
  '& p': { margin: 0, color: '$gray700', fontSize: '$small' },
  '& strong': { display: 'block', fontSize: '$h3', color: '$gray900' },
});

function NextPayment({ data }: { data: SupporterPayments }) {
  if (!data.bank_account)
    return (
      <Card role="status">
        <h2>振込先の口座が未登録です</h2>
        <p>報酬を受け取るには、振込先の口座を登録してください。</p>
        <ButtonLink href="/bank">口座を登録する</ButtonLink>
      </Card>
    );
  const account = `${data.bank_account.bank_name} ${data.bank_account.branch_name} ****${data.bank_account.account_number_last3}`;
  if (data.on_hold && !data.next_payment)
    return (
      <Card role="status">
        <h2>次回のお振込み</h2>
        <p>{MONEY_MESSAGES.onHold}</p>
      </Card>
    );
  if (!data.next_payment)
    return (
      <Card role="status">
        <h2>次回のお振込み</h2>
        <p>
          確定した報酬が{formatYen(PAYOUT_MINIMUM_YEN)}以上になると、月末締め・翌月15日に {account}{' '}
          へお振込みします（最も古い報酬から50日を過ぎた分は金額にかかわらずお振込みします）。
        </p>
      </Card>
    );
  return (
    <Card role="status">
      <h2>次回のお振込み</h2>
      <p>
        <strong>{formatDay(data.next_payment.date)}</strong>に{' '}
        <strong>{formatYen(data.next_payment.amount)}</strong> を {account} へお振込み
        {data.next_payment.scheduled ? 'します' : 'する予定です（月末締めで確定します）'}。
      </p>
    </Card>
  );
}

function SupporterHistory() {
  const payments = useResource((signal) => getPayments(signal), 'payments');
  const rewards = useResource((signal) => getRewards(signal), 'rewards');
  // The rewards of the pages after the first (50 a page, keyset; issue 17).
  const [more, setMore] = useState<{ items: Rewards['items']; cursor: number | null } | null>(null);
  const page = useSubmission();
  // Issue 25 (12), ADR 0170: the first reward this page shows raises checkedFirstReward.
  useRaiseFlag(
    rewards.state === 'done' && rewards.data.items.some((r) => r.kind === 'reward')
      ? 'checkedFirstReward'
      : null,
  );
  if (payments.state === 'loading' || rewards.state === 'loading')
    return <PendingPage head={head.focustar} />;
  if (payments.state === 'failed')
    return <MessageView title="履歴を表示できません">{payments.error.message}</MessageView>;
  const data = payments.data;
  const rewardItems: Rewards['items'] =
    rewards.state === 'done' ? [...rewards.data.items, ...(more?.items ?? [])] : [];
  const cursor = more ? more.cursor : rewards.state === 'done' ? rewards.data.next_cursor : null;
  const loadMore = async () => {
    if (cursor === null) return;
    const next = await page.run(() => getRewards(undefined, cursor));
    if (next.ok)
      setMore({ items: [...(more?.items ?? []), ...next.value.items], cursor: next.value.next_cursor });
  };
  const pending = rewards.state === 'done' ? rewards.data.pending : 0;
  return (
    <PageFrame {...head.focustar}>
      <Figures>
        <Figure>
          <p>確定した報酬（お振込み前）</p>
          <strong>{formatYen(data.balance)}</strong>
        </Figure>
        <Figure>
          <p>審査中の報酬</p>
          <strong>{formatYen(pending)}</strong>
        </Figure>
        <Figure>
          <p>{data.year}年の報酬</p>
          <strong>{formatYen(data.year_rewards)}</strong>
        </Figure>
        <Figure>
          <p>{data.year}年のお振込み</p>
          <strong>{formatYen(data.year_paid)}</strong>
        </Figure>
      </Figures>
      <NextPayment data={data} />
      <Card>
        <h2>お振込み</h2>
        {data.items.length === 0 ? (
          <p>お振込みはまだありません。</p>
        ) : (
          <Scroll>
            <Table aria-label="お振込み">
              <thead>
                <tr>
                  <th scope="col">対象</th>
                  <th scope="col">お振込み日</th>
                  <th scope="col">金額</th>
                  <th scope="col">状況</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <tr key={p.id}>
                    <td className="day">{formatMonth(p.month)}</td>
                    <td className="day">{formatDay(p.payment_date)}</td>
                    <td className="amount">{formatYen(p.amount)}</td>
                    <td>
                      {p.status === '未払'
                        ? 'お振込み予定'
                        : p.status === '支払済'
                          ? 'お振込み済み'
                          : 'お振込みできませんでした（残高に戻しました）'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Scroll>
        )}
      </Card>
      <Card>
        <h2>報酬</h2>
        {rewardItems.length === 0 ? (
          <p>確定した報酬はまだありません。</p>
        ) : (
          <Scroll>
            <Table aria-label="報酬">
              <thead>
                <tr>
                  <th scope="col">日時</th>
                  <th scope="col">内容</th>
                  <th scope="col">金額</th>
                </tr>
              </thead>
              <tbody>
                {rewardItems.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <DateTime iso={r.created_at} />
                    </td>
                    <td>{labelOf(r)}</td>
                    <td className="amount">{formatYen(r.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Scroll>
        )}
        {cursor !== null && (
          <Button variant="outline" type="button" disabled={page.busy} onClick={loadMore}>
            さらに表示する
          </Button>
        )}
        {page.message && <FormAlert role="alert">{page.message}</FormAlert>}
      </Card>
    </PageFrame>
  );
}

/** Ledger kinds in words (the rewards list names rewards itself; payouts are named here). */
function labelOf(r: Rewards['items'][number]): string {
  if (r.kind === 'payout') return '口座へのお振込み';
  if (r.kind === 'payout_returned') return 'お振込みの返却（残高に戻しました）';
  return r.label;
}

/** Seed spec section 2: 報酬・お支払い履歴. Supporter mode: rewards and payouts; shop mode: billing. */
export default function HistoryPage() {
  const { appearance } = useSideMenu();
  if (appearance !== 'shop') return <SupporterHistory />;
  return (
    <PageFrame {...head.shop}>
      <ShopHistory />
    </PageFrame>
  );
}
