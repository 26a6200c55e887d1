import { useEffect, useId, useState } from 'react';
import type { ShopDetail } from '../../../contracts/shops.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { FieldErrors, inputStyles } from '../../platform/ui/Field.tsx';
import { searchStaffShops } from './api/search-staff-shops.ts';

const Input = styled('input', inputStyles);
const Label = styled('label', { display: 'block', fontWeight: 700, fontSize: '$small', marginBottom: '$1' });
const Box = styled('div', { marginBottom: '$4' });
const Results = styled('fieldset', {
  border: '1px solid $gray200',
  borderRadius: '$2',
  margin: '$2 0 0',
  padding: '$2 $3',
  maxHeight: '16rem',
  overflowY: 'auto',
  '& legend': { fontSize: '$small', padding: '0 $1' },
  '& label': { display: 'flex', gap: '$2', alignItems: 'baseline', padding: '$1 0', cursor: 'pointer' },
});
const Muted = styled('span', { color: '$gray600', fontSize: '$small' });

export interface PickedShop {
  id: number;
  name: string;
}

/**
 * Issue 15 "Staff create one for a shop": the shop is chosen by name (or company) from the staff shop
 * search, not typed as a number. The chosen id goes with the form as `shop_id`.
 */
export function ShopPicker({
  initial,
  disabled,
  errors,
}: {
  initial: PickedShop | null;
  disabled?: boolean;
  errors?: string[] | undefined;
}) {
  const ids = { search: useId(), chosen: useId() };
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<PickedShop | null>(initial);
  const [found, setFound] = useState<ShopDetail[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const term = q.trim();
    if (disabled || term === '') {
      setFound(null);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      searchStaffShops(term, ctrl.signal).then(
        (page) => {
          setFailed(false);
          setFound(page.data);
        },
        () => {
          if (!ctrl.signal.aborted) setFailed(true);
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [q, disabled]);

  return (
    <Box>
      <input type="hidden" name="shop_id" value={picked?.id ?? ''} disabled={disabled} />
      <Label htmlFor={ids.search}>お店</Label>
      <p id={ids.chosen} role="status">
        {picked ? (
          <>
            選択中：<strong>{picked.name}</strong> <Muted>（お店ID {picked.id}）</Muted>
          </>
        ) : (
          <Muted>まだ選ばれていません。店名または会社名で検索して選んでください。</Muted>
        )}
      </p>
      {!disabled && (
        <Input
          id={ids.search}
          type="search"
          value={q}
          placeholder="店名・会社名で検索"
          autoComplete="off"
          aria-describedby={ids.chosen}
          aria-invalid={errors?.length ? true : undefined}
          onChange={(e) => setQ(e.target.value)}
        />
      )}
      {failed && <FieldErrors id={`${ids.search}-failed`} errors={['お店を検索できませんでした。']} />}
      {found && (
        <Results>
          <legend>検索結果（{found.length}件）</legend>
          {found.length === 0 && <Muted>該当するお店はありません。</Muted>}
          {found.map((s) => (
            <label key={s.id}>
              <input
                type="radio"
                name="shop_pick"
                checked={picked?.id === s.id}
                onChange={() => setPicked({ id: s.id, name: s.name })}
              />
              <span>
                {s.name} <Muted>{[s.company_name, s.prefecture, s.status].filter(Boolean).join('・')}</Muted>
              </span>
            </label>
          ))}
        </Results>
      )}
      <FieldErrors id={`${ids.search}-error`} errors={errors} />
    </Box>
  );
}
