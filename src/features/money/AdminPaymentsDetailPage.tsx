import { type FormEvent, useState } from 'react';
import { useSearch } from 'wouter';
import { type BatchDetail, MONEY_MESSAGES, type PayoutLine } from '../../../contracts/money.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { formatCount, formatYen } from '../../platform/ui/format.ts';
import { notify } from '../../platform/ui/notify.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { getBatch } from './api/get-batch.ts';
import { listBatches } from './api/list-batches.ts';
import { markLineFailed } from './api/mark-line-failed.ts';
import { Actions, formatDay, formatMonth, Scroll, Table } from './common.tsx';
import { HistoryLink } from '../../platform/ui/HistoryLink.tsx';

const ADMIN_PRIORITY = 1;

function LineRow({ line, admin, onChanged }: { line: PayoutLine; admin: boolean; onChanged: () => void }) {
  const action = useSubmission();
  const fail = async () => {
    const note = window.prompt(
      `${line.user.name}さんへのお振込み（${formatYen(line.amount)}）を失敗にします。理由（任意）を入力してください。`,
      '',
    );
    if (note === null) return;
    // Issue 25: reported after, naming whose transfer it was.
    if ((await action.run(() => markLineFailed(line.id, note))).ok) {
      notify.success(`${line.user.name}さんの${MONEY_MESSAGES.failed}`);
      onChanged();
    }
  };
  return (
    <tr>
      <td>{line.id}</td>
      <td>
        {line.user.name}
        <br />
        <small>@{line.user.screen_name}</small>
      </td>
      <td>
        {line.bank_name}（{line.bank_code}）
        <br />
        {line.branch_name}（{line.branch_code}） {line.account_type} ****{line.account_number_last3}
      </td>
      <td className="amount">{formatYen(line.amount)}</td>
      <td>
        {line.status}
        {line.failed_note ? `（${line.failed_note}）` : ''}
      </td>
      <td>
        {admin && line.status !== '失敗' && (
          <Button size="sm" variant="outline" type="button" disabled={action.busy} onClick={fail}>
            失敗にする
          </Button>
        )}
        {action.message && <FormAlert role="alert">{action.message}</FormAlert>}
      </td>
    </tr>
  );
}

function Detail({
  batch,
  admin,
  onChanged,
  onMore,
}: {
  batch: BatchDetail;
  admin: boolean;
  onChanged: () => void;
  /** Loads the next page of lines (100 at a time, issue 17); absent when every line is shown. */
  onMore: (() => void) | null;
}) {
  return (
    <Card>
      <h2>
        {formatMonth(batch.month)}（{formatDay(batch.payment_date)}お振込み・{batch.status}）
      </h2>
      <HistoryLink table="payout_batches" id={batch.id} />
      <p>
        {formatCount(batch.lines_count)}件・合計 {formatYen(batch.total)}
        {batch.failed_count > 0 && `（失敗 ${batch.failed_count}件を除く）`}
      </p>
      {batch.lines.length === 0 ? (
        <p>該当する明細はありません。</p>
      ) : (
        <Scroll>
          <Table nowrap aria-label="お振込みの明細">
            <thead>
              <tr>
                <th scope="col">明細</th>
                <th scope="col">フォーカスター</th>
                <th scope="col">振込先</th>
                <th scope="col">金額</th>
                <th scope="col">状況</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {batch.lines.map((l) => (
                <LineRow key={l.id} line={l} admin={admin} onChanged={onChanged} />
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
      {onMore && (
        <Button variant="outline" type="button" onClick={onMore}>
          さらに表示する
        </Button>
      )}
    </Card>
  );
}

/** Seed spec section 2 / issue 14: お振込みの明細: the lines of a batch (`?batch=ID`, else the newest), searchable. */
export default function AdminPaymentsDetailPage() {
  const search = new URLSearchParams(useSearch());
  const asked = Number(search.get('batch'));
  const { user } = useAuth();
  const admin = (user?.role.priority ?? 99) <= ADMIN_PRIORITY;
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [version, setVersion] = useState(0);
  // Lines of the pages after the first, and where the next page starts (keyset on the line id).
  const [more, setMore] = useState<{ lines: PayoutLine[]; cursor: number | null } | null>(null);
  const res = useResource(async (signal) => {
    setMore(null);
    let id = Number.isSafeInteger(asked) && asked > 0 ? asked : null;
    if (id === null) id = (await listBatches(signal)).items[0]?.id ?? null;
    return id === null ? null : getBatch(id, query, signal);
  }, `${asked}:${query}:${version}`);
  const page = useSubmission();
  const batch = res.state === 'done' && res.data ? res.data : null;
  const cursor = more ? more.cursor : (batch?.next_cursor ?? null);
  const loadMore = async () => {
    if (!batch || cursor === null) return;
    const next = await page.run(() => getBatch(batch.id, query, undefined, cursor));
    if (next.ok)
      setMore({ lines: [...(more?.lines ?? []), ...next.value.lines], cursor: next.value.next_cursor });
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setQuery(q.trim());
  };
  return (
    <PageFrame
      title="お振込みの明細"
      breadcrumbs={[
        { label: '管理メニュー', href: '/admin-menu' },
        { label: 'お振込み予定額', href: '/admin-payments' },
        { label: 'お振込みの明細' },
      ]}
      lead="フォーカスターごとのお振込み先と金額、お振込みの状況を確認します。銀行から振込が戻ってきた明細は「失敗にする」で残高に戻します。"
    >
      <form onSubmit={submit} role="search" aria-label="明細の検索">
        <Actions>
          <Field
            label="検索"
            value={q}
            onChange={(ev) => setQ(ev.target.value)}
            hint="氏名、ユーザー名、金融機関名、支店名、金融機関コード"
          />
          <Button type="submit" variant="outline">
            検索する
          </Button>
        </Actions>
      </form>
      {res.state === 'loading' ? (
        <PageLoading />
      ) : res.state === 'failed' ? (
        <MessageView title="明細を表示できません">{res.error.message}</MessageView>
      ) : res.data === null ? (
        <EmptyState
          title="明細はまだありません"
          action={<ButtonLink href="/admin-payments">お振込み予定額に戻る</ButtonLink>}
        >
          お振込みのバッチが作成されると、フォーカスターごとの明細が表示されます。
        </EmptyState>
      ) : (
        <>
          <Detail
            batch={{ ...res.data, lines: [...res.data.lines, ...(more?.lines ?? [])] }}
            admin={admin}
            onChanged={() => setVersion((v) => v + 1)}
            onMore={cursor !== null && !page.busy ? loadMore : null}
          />
          {page.message && <FormAlert role="alert">{page.message}</FormAlert>}
        </>
      )}
    </PageFrame>
  );
}
