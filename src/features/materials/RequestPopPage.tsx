import { useId, useState } from 'react';
import { PREFECTURES } from '../../../contracts/prefectures.ts';
import {
  type CreatePopOrder,
  POP_QUANTITY_MAX,
  type PopOrder,
  type PopOrderStatus,
} from '../../../contracts/pop-orders.ts';
import { PUBLISHED_SHOP_STATUS } from '../../../contracts/shops.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { useAuth } from '../../platform/session/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { Field, FieldErrors, FormAlert, inputStyles } from '../../platform/ui/Field.tsx';
import { formatDateTime } from '../../platform/ui/format.ts';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame } from '../../platform/ui/Page.tsx';
import { createPopOrder } from './api/create-pop-order.ts';
import { listMyPopOrders } from './api/list-my-pop-orders.ts';

/**
 * Issue 16 "Shop materials" / seed spec section 2 (店頭POPの申し込み): the selected shop orders printed
 * POP stands (quantity, delivery address, note) and follows each order 受付 -> 発送済. ADR 0092.
 */
const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '100px', py: '$2' });
const Label = styled('label', { fontWeight: 700, fontSize: '$small', display: 'block', marginBottom: '$1' });
const Block = styled('div', { marginBottom: '$4' });
const Two = styled('div', {
  display: 'grid',
  gap: '$3',
  '@md': { gridTemplateColumns: '1fr 1fr' },
  '& > div': { marginBottom: 0 },
});
const Orders = styled('ol', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$3' });
const Order = styled('li', {
  padding: '$3',
  borderRadius: '$md',
  border: '1px solid $gray200',
  backgroundColor: '$white',
  fontSize: '$small',
  '& p': { margin: '$1 0' },
});
const Status = styled('span', {
  display: 'inline-block',
  padding: '0 $2',
  borderRadius: '$pill',
  fontWeight: 700,
  variants: {
    status: {
      受付: { backgroundColor: '#fff4e0', color: '#8a5300' },
      発送済: { backgroundColor: '#e6f4ea', color: '#1e6b34' },
    },
  },
});

type Form = Record<Exclude<keyof CreatePopOrder, 'shop_id'>, string>;
const EMPTY: Form = {
  quantity: '1',
  recipient_name: '',
  postal_code: '',
  prefecture: '',
  address: '',
  building: '',
  phone: '',
  note: '',
};

function OrderForm({ shopId, onOrdered }: { shopId: number; onOrdered: (order: PopOrder) => void }) {
  const ids = { quantity: useId(), prefecture: useId(), note: useId() };
  const [form, setForm] = useState<Form>(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const { busy, message, errors, run } = useSubmission();
  const set = (key: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const invalid = (key: string) => (errors[key]?.length ? true : undefined);
  const described = (id: string, key: string) => (errors[key]?.length ? `${id}-error` : undefined);
  return (
    <Card aria-labelledby="pop-order-form">
      <h2 id="pop-order-form">POPスタンドを申し込む</h2>
      <p>
        A6サイズのQRコード付きPOPスタンドを印刷してお届けします（無料・1回{POP_QUANTITY_MAX}
        部まで）。通常1週間ほどで発送します。
      </p>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setDone(null);
          const sent = await run(() => createPopOrder({ shop_id: shopId, ...form }));
          if (!sent.ok) return;
          setDone(sent.value.message);
          setForm(EMPTY);
          onOrdered(sent.value.order);
        }}
      >
        {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
        {done && (
          <p role="status" style={{ fontWeight: 700 }}>
            {done}
          </p>
        )}
        <Block>
          <Label htmlFor={ids.quantity}>部数</Label>
          <Select
            id={ids.quantity}
            value={form.quantity}
            onChange={set('quantity')}
            aria-invalid={invalid('quantity')}
            aria-describedby={described(ids.quantity, 'quantity')}
            style={{ maxWidth: 160 }}
          >
            {Array.from({ length: POP_QUANTITY_MAX }, (_, i) => String(i + 1)).map((n) => (
              <option key={n} value={n}>
                {n}部
              </option>
            ))}
          </Select>
          <FieldErrors id={`${ids.quantity}-error`} errors={errors.quantity} />
        </Block>
        <Field
          label="お届け先のお名前"
          hint="お店の名前とご担当者名など、受け取る方のお名前"
          autoComplete="name"
          maxLength={50}
          value={form.recipient_name}
          onChange={set('recipient_name')}
          errors={errors.recipient_name}
          required
        />
        <Two>
          <Field
            label="郵便番号"
            hint="例：150-0041"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={20}
            value={form.postal_code}
            onChange={set('postal_code')}
            errors={errors.postal_code}
            required
          />
          <div>
            <Label htmlFor={ids.prefecture}>都道府県</Label>
            <Select
              id={ids.prefecture}
              autoComplete="address-level1"
              value={form.prefecture}
              onChange={set('prefecture')}
              aria-invalid={invalid('prefecture')}
              aria-describedby={described(ids.prefecture, 'prefecture')}
            >
              <option value="">選んでください</option>
              {PREFECTURES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
            <FieldErrors id={`${ids.prefecture}-error`} errors={errors.prefecture} />
          </div>
        </Two>
        <div style={{ height: 16 }} />
        <Field
          label="市区町村・番地"
          hint="例：渋谷区神南1-2-3"
          autoComplete="address-line1"
          maxLength={200}
          value={form.address}
          onChange={set('address')}
          errors={errors.address}
          required
        />
        <Field
          label="建物名・部屋番号（任意）"
          autoComplete="address-line2"
          maxLength={100}
          value={form.building}
          onChange={set('building')}
          errors={errors.building}
        />
        <Field
          label="電話番号"
          hint="配送業者からの連絡用。例：03-1234-5678"
          type="tel"
          autoComplete="tel"
          maxLength={30}
          value={form.phone}
          onChange={set('phone')}
          errors={errors.phone}
          required
        />
        <Block>
          <Label htmlFor={ids.note}>備考（任意）</Label>
          <TextArea
            id={ids.note}
            maxLength={500}
            placeholder="例：平日の午前中に届くと助かります。"
            value={form.note}
            onChange={set('note')}
            aria-invalid={invalid('note')}
            aria-describedby={described(ids.note, 'note')}
          />
          <FieldErrors id={`${ids.note}-error`} errors={errors.note} />
        </Block>
        <Button type="submit" disabled={busy}>
          申し込む
        </Button>
      </form>
    </Card>
  );
}

const statusNote: Record<PopOrderStatus, string> = {
  受付: '準備中です。発送したらメールでお知らせします。',
  発送済: '発送しました。',
};

function OrderList({ shopId, version }: { shopId: number; version: number }) {
  const orders = useResource((signal) => listMyPopOrders(shopId, signal), `${shopId}:${version}`);
  return (
    <section aria-labelledby="pop-orders-mine">
      <h2 id="pop-orders-mine">お申し込み履歴</h2>
      {orders.state === 'loading' && <PageLoading label="お申し込み履歴を読み込んでいます…" />}
      {orders.state === 'failed' && <FormAlert role="alert">{orders.error.message}</FormAlert>}
      {orders.state === 'done' && orders.data.items.length === 0 && (
        <EmptyState
          title="お申し込み履歴はありません"
          action={<ButtonLink href="/material">自分で印刷する素材を見る</ButtonLink>}
        >
          お申し込みいただいたPOPの発送状況がここに表示されます。
        </EmptyState>
      )}
      {orders.state === 'done' && orders.data.items.length > 0 && (
        <Orders>
          {orders.data.items.map((o) => (
            <Order key={o.id} aria-label={`受付番号${o.id}`}>
              <p>
                <Status status={o.status}>{o.status}</Status> 受付番号 {o.id}・{o.quantity}部・
                {formatDateTime(o.created_at)}
              </p>
              <p>
                〒{o.postal_code} {o.prefecture}
                {o.address}
                {o.building && ` ${o.building}`} {o.recipient_name} 様
              </p>
              <p>
                {statusNote[o.status]}
                {o.shipped_at && `（${formatDateTime(o.shipped_at)}）`}
              </p>
            </Order>
          ))}
        </Orders>
      )}
    </section>
  );
}

/** Seed spec section 2: 店頭POPの申し込み. */
export default function RequestPopPage() {
  const { shop } = useAuth();
  const [version, setVersion] = useState(0);
  return (
    <PageFrame
      title="店頭POPの申し込み"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '店頭POPの申し込み' }]}
      lead="QRコード入りのPOPスタンドを印刷してお届けします。レジ横やテーブルに置いて、ファンを増やしましょう。"
    >
      {!shop ? (
        <EmptyState title="お店が選ばれていません" action={<ButtonLink href="/">お店を選ぶ</ButtonLink>}>
          広告主モードでお店を選ぶと、そのお店のPOPを申し込めます。
        </EmptyState>
      ) : shop.status !== PUBLISHED_SHOP_STATUS ? (
        <EmptyState title="お店の審査が完了していません">
          お店の審査が完了して公開されると、POPを申し込めます。
        </EmptyState>
      ) : (
        <>
          <OrderForm shopId={shop.id} onOrdered={() => setVersion((v) => v + 1)} />
          <OrderList shopId={shop.id} version={version} />
        </>
      )}
    </PageFrame>
  );
}
