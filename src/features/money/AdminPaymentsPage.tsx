import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { type Batch, MONEY_MESSAGES } from '../../../contracts/money.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FormAlert } from '../../platform/ui/Field.tsx';
import { formatCount, formatDateTime, formatYen } from '../../platform/ui/format.ts';
import { notify } from '../../platform/ui/notify.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, Notice, PageFrame } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { buildBatch } from './api/build-batch.ts';
import { downloadCsv } from './api/download-csv.ts';
import { downloadZengin } from './api/download-zengin.ts';
import { listBatches } from './api/list-batches.ts';
import { markPaid } from './api/mark-paid.ts';
import { Actions, formatDay, formatMonth, lastMonthInJapan, saveFile, Scroll, Table } from './common.tsx';
import { InvoicePayments } from './InvoicePayments.tsx';

/** Product design section 1: payouts are the admins' (role priority 1). */
const ADMIN_PRIORITY = 1;

function BuildForm({ onBuilt }: { onBuilt: () => void }) {
  const [month, setMonth] = useState(lastMonthInJapan());
  const { busy, message, errors, run } = useSubmission();
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    // Issue 25: a money action asks first (naming the month) and is reported after (the server's message
    // is toasted by the request layer: 作成しました or 作成済みです).
    if (!/^\d{4}-\d{2}$/.test(month)) return void (await run(() => buildBatch(month)));
    if (!window.confirm(MONEY_MESSAGES.confirmBuild(formatMonth(month)))) return;
    if ((await run(() => buildBatch(month))).ok) onBuilt();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="お振込みのバッチを作成">
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Field
        label="対象月"
        type="month"
        value={month}
        onChange={(ev) => setMonth(ev.target.value)}
        hint="締めた月を選びます。毎月1日3時に前月分が自動で作成されます（作成済みの月は同じバッチを表示します）。"
        errors={errors.month}
        required
      />
      <Button type="submit" disabled={busy}>
        バッチを作成する
      </Button>
    </form>
  );
}

function BatchRow({ batch, admin, onChanged }: { batch: Batch; admin: boolean; onChanged: () => void }) {
  const action = useSubmission();
  const name = `focustar-payout-${batch.month.replace('-', '')}`;
  const zengin = async () => {
    const file = await action.run(() => downloadZengin(batch.id));
    if (file.ok) {
      saveFile(file.value, `${name}.txt`, 'application/octet-stream');
      onChanged();
    }
  };
  const csv = async () => {
    const file = await action.run(() => downloadCsv(batch.id));
    if (file.ok) saveFile(file.value, `${name}.csv`, 'text/csv;charset=utf-8');
  };
  const paid = async () => {
    if (!window.confirm(MONEY_MESSAGES.confirmPaid(formatMonth(batch.month), formatYen(batch.total)))) return;
    if ((await action.run(() => markPaid(batch.id))).ok) {
      notify.success(`${formatMonth(batch.month)}の${MONEY_MESSAGES.paid}`);
      onChanged();
    }
  };
  return (
    <tr>
      <td>
        <Link href={`/admin-payments-detail?batch=${batch.id}`}>{formatMonth(batch.month)}</Link>
      </td>
      <td className="date">{formatDay(batch.payment_date)}</td>
      <td className="amount">{formatCount(batch.lines_count)}件</td>
      <td className="amount">{formatYen(batch.total)}</td>
      <td>
        {batch.status}
        {batch.failed_count > 0 && `（失敗 ${batch.failed_count}件）`}
        <br />
        <small>作成 {formatDateTime(batch.created_at)}</small>
      </td>
      <td>
        <Actions>
          {admin && (
            <Button size="sm" variant="outline" type="button" disabled={action.busy} onClick={zengin}>
              振込データ（全銀）
            </Button>
          )}
          <Button size="sm" variant="ghost" type="button" disabled={action.busy} onClick={csv}>
            CSV
          </Button>
          {admin && batch.status === '出力済' && (
            <Button size="sm" type="button" disabled={action.busy} onClick={paid}>
              支払済にする
            </Button>
          )}
        </Actions>
        {action.message && <FormAlert role="alert">{action.message}</FormAlert>}
      </td>
    </tr>
  );
}

/** Seed spec section 2 / issue 14: お振込み予定額: the monthly batches, their totals and status. */
export default function AdminPaymentsPage() {
  const { user } = useAuth();
  const admin = (user?.role.priority ?? 99) <= ADMIN_PRIORITY;
  const [version, setVersion] = useState(0);
  const res = useResource((signal) => listBatches(signal), String(version));
  const reload = () => setVersion((v) => v + 1);
  return (
    <PageFrame
      title="お振込み予定額"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'お振込み予定額' }]}
      lead="月末締めで、確定した報酬が1,000円以上（または最も古い報酬から50日以上）かつ口座登録済みのフォーカスターへ、翌月15日（銀行休業日は翌営業日）にお振込みします。"
    >
      {admin ? (
        <Card>
          <h2>バッチの作成</h2>
          <BuildForm onBuilt={reload} />
        </Card>
      ) : (
        // Issue 24, issue 25 (11): staff see why the money buttons are not theirs.
        <Notice tone="info">
          バッチの作成、振込データ（全銀）の出力、支払済の記録は管理者が行います。スタッフはバッチと明細の確認、CSVの出力ができます。
        </Notice>
      )}
      {res.state === 'loading' ? (
        <PageLoading />
      ) : res.state === 'failed' ? (
        <MessageView title="お振込み予定を表示できません">{res.error.message}</MessageView>
      ) : res.data.items.length === 0 ? (
        <EmptyState title="お振込みのバッチはまだありません">
          毎月1日に前月分のバッチが作成されると、ここに一覧と全銀協フォーマットの振込データが表示されます。
        </EmptyState>
      ) : (
        <Card>
          <h2>バッチ</h2>
          <p>作成済 → 振込データを出力して出力済 → 銀行での振込後に支払済、の順に進めます。</p>
          <Scroll>
            <Table nowrap aria-label="お振込みのバッチ">
              <thead>
                <tr>
                  <th scope="col">対象</th>
                  <th scope="col">お振込み日</th>
                  <th scope="col">件数</th>
                  <th scope="col">合計</th>
                  <th scope="col">状況</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {res.data.items.map((b) => (
                  <BatchRow key={b.id} batch={b} admin={admin} onChanged={reload} />
                ))}
              </tbody>
            </Table>
          </Scroll>
        </Card>
      )}
      <Card>
        <h2>お店からの入金（請求書）</h2>
        <InvoicePayments />
      </Card>
    </PageFrame>
  );
}
