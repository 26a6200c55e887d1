import { useState } from 'react';
import type { Billing, InvoiceSummary } from '../../../contracts/money.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { formatYen } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { downloadInvoice } from './api/download-invoice.ts';
import { getBilling } from './api/get-billing.ts';
import { formatMonth, paymentStatusText, saveFile, Scroll, Table } from './common.tsx';
import { TAX_PERCENT } from '../../../contracts/pricing.ts';
import { DateTime } from '../../platform/ui/DateTime.tsx';

function InvoiceRow({ invoice }: { invoice: InvoiceSummary }) {
  const action = useSubmission();
  const download = async () => {
    const pdf = await action.run(() => downloadInvoice(invoice.month));
    if (pdf.ok)
      saveFile(pdf.value, `focustar-invoice-${invoice.month.replace('-', '')}.pdf`, 'application/pdf');
  };
  return (
    <tr>
      <td className="date">{formatMonth(invoice.month)}</td>
      <td className="amount">{formatYen(invoice.subtotal)}</td>
      <td className="amount">{formatYen(invoice.tax)}</td>
      <td className="amount">{formatYen(invoice.total)}</td>
      <td>{paymentStatusText(invoice)}</td>
      <td>
        <Button size="sm" variant="outline" type="button" disabled={action.busy} onClick={download}>
          請求書（PDF）
        </Button>
        {action.message && <FormAlert role="alert">{action.message}</FormAlert>}
      </td>
    </tr>
  );
}

/** Issue 17 (ADR 0124): three months of invoices at a time; older months are read on request and appended. */
function Lists({ first }: { first: Billing }) {
  const [older, setOlder] = useState<Billing[]>([]);
  const page = useSubmission();
  const before = (older.at(-1) ?? first).older_before;
  const data = {
    invoices: [first, ...older].flatMap((b) => b.invoices),
    bills: [first, ...older].flatMap((b) => b.bills),
  };
  const loadOlder = async () => {
    if (before === null) return;
    const next = await page.run(() => getBilling(undefined, before));
    if (next.ok) setOlder([...older, next.value]);
  };
  return (
    <>
      <Card>
        <h2>請求書</h2>
        <p>
          毎月末締めで会社ごとに発行します（適格請求書）。お支払いは翌月末までに銀行振込でお願いします。入金を確認すると「入金済」と入金日を表示します。
        </p>
        <Scroll>
          <Table aria-label="請求書">
            <thead>
              <tr>
                <th scope="col">対象</th>
                <th scope="col">小計（税抜）</th>
                <th scope="col">消費税（{TAX_PERCENT}%）</th>
                <th scope="col">合計</th>
                <th scope="col">入金状況</th>
                <th scope="col">ダウンロード</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.map((i) => (
                <InvoiceRow key={i.month} invoice={i} />
              ))}
            </tbody>
          </Table>
        </Scroll>
      </Card>
      <Card>
        <h2>ご請求の内訳</h2>
        <Scroll>
          <Table aria-label="ご請求の内訳">
            <thead>
              <tr>
                <th scope="col">拡散依頼</th>
                <th scope="col">お店</th>
                <th scope="col">報酬</th>
                <th scope="col">手数料</th>
                <th scope="col">小計（税抜）</th>
                <th scope="col">計上日</th>
              </tr>
            </thead>
            <tbody>
              {data.bills.map((b) => (
                <tr key={b.id}>
                  <td>No.{b.advertisement_id}</td>
                  <td>{b.shop_name}</td>
                  <td className="amount">
                    {b.units}件 × {formatYen(b.reward)}
                  </td>
                  <td className="amount">{formatYen(b.fee)}</td>
                  <td className="amount">{formatYen(b.subtotal)}</td>
                  <td>
                    <DateTime iso={b.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
        {before !== null && (
          <Button variant="outline" type="button" disabled={page.busy} onClick={loadOlder}>
            それより前の請求を表示する
          </Button>
        )}
        {page.message && <FormAlert role="alert">{page.message}</FormAlert>}
      </Card>
    </>
  );
}

/** Issue 14: `/history` in shop mode: bills, monthly invoices (PDF). */
export function ShopHistory() {
  const res = useResource((signal) => getBilling(signal), 'billing');
  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed')
    return <MessageView title="履歴を表示できません">{res.error.message}</MessageView>;
  if (!res.data.company || (res.data.invoices.length === 0 && res.data.older_before === null))
    return (
      <EmptyState title="お支払いの履歴はまだありません">
        拡散依頼が承認されると、ご請求と請求書がここに月ごとに表示されます。
      </EmptyState>
    );
  return <Lists first={res.data} />;
}
