import { useCallback, useEffect, useState } from 'react';
import {
  type AdminPopOrder,
  POP_ORDER_STATUSES,
  type PopOrderStatus,
} from '../../../contracts/pop-orders.ts';
import { asApiError, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { listPopOrders, setPopOrderStatus } from './api/admin-pop-orders.ts';

/**
 * Issue 16 "Shop materials": staff see the POP stand orders (newest first, 50 a page, by status) and
 * mark each 発送済 (the orderer gets a mail) or back to 受付. ADR 0092.
 */
const Select = styled('select', { ...inputStyles, maxWidth: '200px' });
const List = styled('ol', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$3' });
const Item = styled('li', {
  padding: '$3',
  borderRadius: '$md',
  border: '1px solid $gray200',
  backgroundColor: '$white',
  fontSize: '$small',
  display: 'grid',
  gap: '$2',
  '@md': { gridTemplateColumns: '1fr auto', alignItems: 'start' },
  '& p': { margin: 0, overflowWrap: 'anywhere' },
});

function OrderRow({ order, onChanged }: { order: AdminPopOrder; onChanged: (o: AdminPopOrder) => void }) {
  const { busy, message, run } = useSubmission();
  const next: PopOrderStatus = order.status === '受付' ? '発送済' : '受付';
  return (
    <Item aria-label={`受付番号${order.id} ${order.shop_name}`}>
      <div>
        <p>
          <strong>
            受付番号 {order.id}・{order.shop_name}・{order.quantity}部
          </strong>{' '}
          （{order.status}）
        </p>
        <p>
          〒{order.postal_code} {order.prefecture}
          {order.address}
          {order.building && ` ${order.building}`}
        </p>
        <p>
          {order.recipient_name} 様・電話 {order.phone}
        </p>
        {order.note && <p>備考：{order.note}</p>}
        <p>
          申込：{formatDateTime(order.created_at)}
          {order.ordered_by &&
            `（${order.ordered_by.name}${order.ordered_by.email ? ` / ${order.ordered_by.email}` : ''}）`}
          {order.shipped_at && `・発送：${formatDateTime(order.shipped_at)}`}
        </p>
        {message && <FormAlert role="alert">{message}</FormAlert>}
      </div>
      <Button
        size="sm"
        variant={next === '発送済' ? 'primary' : 'ghost'}
        disabled={busy}
        onClick={async () => {
          if (next === '受付' && !window.confirm('受付に戻しますか？（申込者へのメールは送られません）'))
            return;
          const done = await run(() => setPopOrderStatus(order.id, next));
          if (done.ok) onChanged(done.value.order);
        }}
      >
        {next === '発送済' ? '発送済みにする' : '受付に戻す'}
      </Button>
    </Item>
  );
}

/** Seed spec section 2 (admin menu): 店頭POPの申し込み一覧. */
export default function AdminPopOrdersPage() {
  const [status, setStatus] = useState<PopOrderStatus | ''>('受付');
  const [items, setItems] = useState<AdminPopOrder[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [phase, setPhase] = useState<'loading' | 'done' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);

  const read = useCallback((filter: PopOrderStatus | '', cursor?: number) => {
    setPhase('loading');
    listPopOrders({ ...(filter ? { status: filter } : {}), ...(cursor ? { cursor } : {}) }).then(
      (page) => {
        setItems((list) => (cursor ? [...list, ...page.items] : page.items));
        setNext(page.next_cursor);
        setPhase('done');
      },
      (err: unknown) => {
        setError(asApiError(err).message);
        setPhase('failed');
      },
    );
  }, []);
  useEffect(() => read(status), [read, status]);

  return (
    <PageFrame
      title="店頭POPの申し込み一覧"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: '店頭POPの申し込み一覧' }]}
      lead="お店から届いたPOPスタンドの申し込みです。発送したら「発送済みにする」を押すと、申込者にメールでお知らせします。"
    >
      <label style={{ display: 'block', fontWeight: 700, fontSize: 14, marginBottom: 16 }}>
        対応状況
        <Select value={status} onChange={(e) => setStatus(e.target.value as PopOrderStatus | '')}>
          <option value="">すべて</option>
          {POP_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      </label>
      {phase === 'failed' && <FormAlert role="alert">{error}</FormAlert>}
      {phase === 'done' && items.length === 0 && (
        <EmptyState title="該当する申し込みはありません">条件を変えてご確認ください。</EmptyState>
      )}
      {items.length > 0 && (
        <List aria-label="店頭POPの申し込み">
          {items.map((o) => (
            <OrderRow
              key={o.id}
              order={o}
              onChanged={(changed) =>
                setItems((list) =>
                  status && changed.status !== status
                    ? list.filter((x) => x.id !== changed.id)
                    : list.map((x) => (x.id === changed.id ? changed : x)),
                )
              }
            />
          ))}
        </List>
      )}
      {phase === 'loading' && <PageLoading label="申し込みを読み込んでいます…" />}
      {phase === 'done' && next !== null && (
        <Button variant="secondary" onClick={() => read(status, next)}>
          さらに50件読み込む
        </Button>
      )}
    </PageFrame>
  );
}
