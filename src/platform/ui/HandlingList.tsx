import { type ReactNode, useEffect, useEffectEvent, useId, useState } from 'react';
import { HANDLING_STATUSES, type HandlingStatus } from '../../../contracts/common.ts';
import { asApiError, useSubmission } from '../request/hooks.ts';
import { styled } from '../styles/stitches.config.ts';
import { Button } from './Button.tsx';
import { FieldErrors, FormAlert, inputStyles } from './Field.tsx';
import { formatDateTime } from './format.ts';
import { PageLoading } from './LoadingOverlay.tsx';
import { Card, EmptyState } from './Page.tsx';

/**
 * A staff list of items people sent in (contact messages, shop requests): newest first, filtered by
 * 未対応 / 対応中 / 完了, 50 a page with 「さらに読み込む」, and for each item its status and a staff note
 * that staff save in place. The feature gives the calls and how one item's content reads.
 */
export type HandledItem = {
  id: number;
  status: HandlingStatus;
  staff_note: string;
  sender: { name: string; screen_name: string; email: string | null };
  created_at: string;
};

export type HandlingPage<T> = { items: T[]; next_cursor: number | null };

type Props<T extends HandledItem> = {
  /** Reads one page (the cursor is the last id of the page before). */
  load: (query: { status?: HandlingStatus; cursor?: number }) => Promise<HandlingPage<T>>;
  save: (id: number, update: { status: HandlingStatus; staff_note: string }) => Promise<T>;
  /** What was sent, as the staff member reads it. */
  render: (item: T) => ReactNode;
  /** What the list holds, e.g. お問い合わせ. */
  noun: string;
};

const Filters = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  marginBottom: '$4',
  '& button[aria-pressed="true"]': { backgroundColor: '$primary', color: '$white' },
});
const Meta = styled('p', { fontSize: '$small', color: '$gray700', margin: '0 0 $2' });
const Select = styled('select', inputStyles);
const TextArea = styled('textarea', { ...inputStyles, minHeight: '80px', py: '$2' });
const Row = styled('div', {
  display: 'grid',
  gap: '$2',
  marginTop: '$3',
  '@md': { gridTemplateColumns: '160px 1fr auto', alignItems: 'start' },
});
const Status = styled('span', {
  display: 'inline-block',
  borderRadius: '$pill',
  padding: '0 $2',
  fontSize: '$small',
  fontWeight: 700,
  variants: {
    tone: {
      未対応: { backgroundColor: '$primaryLight', color: '$primaryText' },
      対応中: { backgroundColor: '$secondaryLight', color: '$gray900' },
      完了: { backgroundColor: '$gray100', color: '$gray700' },
    },
  },
});

function ItemEditor<T extends HandledItem>({
  item,
  save,
  onSaved,
}: {
  item: T;
  save: Props<T>['save'];
  onSaved: (item: T) => void;
}) {
  const ids = { status: useId(), note: useId() };
  const [status, setStatus] = useState<HandlingStatus>(item.status);
  const [note, setNote] = useState(item.staff_note);
  const { busy, message, errors, run } = useSubmission();
  const submit = async () => {
    const saved = await run(() => save(item.id, { status, staff_note: note }));
    if (saved.ok) onSaved(saved.value);
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      {message && !Object.keys(errors).length && <FormAlert role="alert">{message}</FormAlert>}
      <Row>
        <div>
          <label htmlFor={ids.status}>対応状況</label>
          <Select
            id={ids.status}
            value={status}
            onChange={(e) => setStatus(e.target.value as HandlingStatus)}
          >
            {HANDLING_STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </Select>
          <FieldErrors id={`${ids.status}-error`} errors={errors.status} />
        </div>
        <div>
          <label htmlFor={ids.note}>スタッフメモ</label>
          <TextArea
            id={ids.note}
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={errors.staff_note?.length ? true : undefined}
            aria-describedby={errors.staff_note?.length ? `${ids.note}-error` : undefined}
          />
          <FieldErrors id={`${ids.note}-error`} errors={errors.staff_note} />
        </div>
        <Button type="submit" disabled={busy}>
          保存する
        </Button>
      </Row>
    </form>
  );
}

type ListState<T> = {
  status: HandlingStatus | null;
  items: T[];
  next: number | null;
  state: 'loading' | 'done' | 'failed';
  error: string | null;
};

export function HandlingList<T extends HandledItem>({ load, save, render, noun }: Props<T>) {
  const [list, setList] = useState<ListState<T>>({
    status: '未対応',
    items: [],
    next: null,
    state: 'loading',
    error: null,
  });

  const read = (status: HandlingStatus | null, cursor?: number) => {
    setList((l) => ({ ...l, status, state: 'loading', ...(cursor ? {} : { items: [] }) }));
    load({ ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) }).then(
      (page) =>
        setList((l) => ({
          status,
          items: cursor ? [...l.items, ...page.items] : page.items,
          next: page.next_cursor,
          state: 'done',
          error: null,
        })),
      (err: unknown) => setList((l) => ({ ...l, state: 'failed', error: asApiError(err).message })),
    );
  };
  // The first page, once: what is waiting (未対応).
  const readWaiting = useEffectEvent(() => read('未対応'));
  useEffect(() => readWaiting(), []);

  const filters: (HandlingStatus | null)[] = [...HANDLING_STATUSES, null];
  return (
    <>
      <Filters role="group" aria-label="対応状況で絞り込む">
        {filters.map((s) => (
          <Button
            key={s ?? 'all'}
            type="button"
            variant="secondary"
            aria-pressed={list.status === s}
            onClick={() => read(s)}
          >
            {s ?? 'すべて'}
          </Button>
        ))}
      </Filters>
      {list.state === 'failed' && <FormAlert role="alert">{list.error}</FormAlert>}
      {list.state === 'done' && list.items.length === 0 && (
        <EmptyState title={`${list.status ?? ''}の${noun}はありません`}>
          新しい{noun}が届くと、ここに表示されます。
        </EmptyState>
      )}
      <ul aria-label={`${noun}の一覧`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.items.map((item) => (
          <li key={item.id}>
            <Card aria-labelledby={`handled-${item.id}`}>
              <Meta id={`handled-${item.id}`}>
                <Status tone={item.status}>{item.status}</Status> {formatDateTime(item.created_at)}・
                {item.sender.name}（@{item.sender.screen_name}
                {item.sender.email ? `・${item.sender.email}` : ''}）
              </Meta>
              {render(item)}
              <ItemEditor
                item={item}
                save={save}
                onSaved={(saved) =>
                  setList((l) => ({ ...l, items: l.items.map((i) => (i.id === saved.id ? saved : i)) }))
                }
              />
            </Card>
          </li>
        ))}
      </ul>
      {list.state === 'loading' && <PageLoading label={`${noun}を読み込んでいます…`} />}
      {list.state === 'done' && list.next !== null && (
        <Button type="button" variant="secondary" onClick={() => read(list.status, list.next!)}>
          さらに読み込む
        </Button>
      )}
    </>
  );
}
