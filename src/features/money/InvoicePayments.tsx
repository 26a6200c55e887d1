import { useId, useState } from 'react';
import type { StaffInvoice } from '../../../contracts/money.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { listInvoices } from './api/list-invoices.ts';
import { recordInvoicePayment } from './api/record-invoice-payment.ts';
import { Actions, formatMonth, lastMonthInJapan, paymentStatusText, Scroll, Table } from './common.tsx';

const DateInput = styled('input', inputStyles, { width: 'auto' });
const todayInJapan = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

function InvoiceRow({ invoice, onRecorded }: { invoice: StaffInvoice; onRecorded: () => void }) {
  const [paidOn, setPaidOn] = useState(todayInJapan());
  const { busy, message, errors, run } = useSubmission();
  const id = useId();
  const record = async () => {
    if (
      !window.confirm(
        `${invoice.company.name}（${formatMonth(invoice.month)}、${formatYen(invoice.total)}）の入金を記録します。記録は取り消せません。よろしいですか？`,
      )
    )
      return;
    const done = await run(() =>
      recordInvoicePayment({ company_id: invoice.company.id, month: invoice.month, paid_on: paidOn }),
    );
    if (done.ok) {
      notify.success(done.value.message);
      onRecorded();
    }
  };
  return (
    <tr>
      <td>{invoice.company.name}</td>
      <td className="amount">{formatYen(invoice.total)}</td>
      <td>{invoice.payment_method === 'card' ? 'クレジットカード' : '請求書払い'}</td>
      <td>{paymentStatusText(invoice)}</td>
      <td>
        {(invoice.status === '未入金' || invoice.status === 'カード決済失敗') && (
          <Actions>
            <label htmlFor={id}>入金日</label>
            <DateInput
              id={id}
              type="date"
              value={paidOn}
              max={todayInJapan()}
              onChange={(ev) => setPaidOn(ev.target.value)}
            />
            <Button size="sm" type="button" disabled={busy} onClick={record}>
              入金を記録する
            </Button>
          </Actions>
        )}
        <FieldErrors id={`${id}-errors`} errors={errors.paid_on ?? errors.month} />
        {message && !errors.paid_on && !errors.month && <FormAlert role="alert">{message}</FormAlert>}
      </td>
    </tr>
  );
}

/**
 * ADR 0113: on お振込み予定額 (the staff's money screen), the shops' invoices of a month and whether their
 * bank transfer arrived; staff record a transfer once (append-only), and the shop's /history shows 入金済.
 */
export function InvoicePayments() {
  const [month, setMonth] = useState(lastMonthInJapan());
  const [version, setVersion] = useState(0);
  const valid = /^20[0-9]{2}-(0[1-9]|1[0-2])$/.test(month);
  const res = useResource(
    (signal) => (valid ? listInvoices(month, signal) : Promise.resolve({ month, items: [] })),
    `${month}-${version}`,
  );
  return (
    <div>
      <Field
        label="請求月"
        type="month"
        value={month}
        onChange={(ev) => setMonth(ev.target.value)}
        hint="締めた月の請求書について、お店からのお振込みを確認したら入金を記録します。"
      />
      {res.state === 'loading' ? (
        <PageLoading />
      ) : res.state === 'failed' ? (
        <MessageView title="請求書を表示できません">{res.error.message}</MessageView>
      ) : res.data.items.length === 0 ? (
        <p>この月の請求書はありません。</p>
      ) : (
        <Scroll>
          <Table nowrap aria-label="請求書の入金">
            <thead>
              <tr>
                <th scope="col">会社</th>
                <th scope="col">請求額（税込）</th>
                <th scope="col">お支払い方法</th>
                <th scope="col">入金状況</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {res.data.items.map((i) => (
                <InvoiceRow key={i.company.id} invoice={i} onRecorded={() => setVersion((v) => v + 1)} />
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
    </div>
  );
}
