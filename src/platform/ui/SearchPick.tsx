import { useCombobox } from 'downshift';
import { type KeyboardEvent, type ReactNode, useEffect, useEffectEvent, useId, useState } from 'react';
import { styled } from '../styles/stitches.config.ts';
import { FieldErrors, inputStyles } from './Field.tsx';

const Wrapper = styled('div', {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  marginBottom: '$4',
});
const Label = styled('label', { fontWeight: 700, fontSize: '$small' });
const Hint = styled('p', { margin: 0, fontSize: '$tiny', color: '$muted' });
const Input = styled('input', inputStyles);
const Menu = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  border: '1px solid $gray200',
  borderRadius: '$md',
  maxHeight: '16rem',
  overflowY: 'auto',
  backgroundColor: '$white',
  '&:empty': { display: 'none' },
  '& li + li': { borderTop: '1px solid $gray100' },
});
const Option = styled('li', {
  minHeight: '44px',
  padding: '$2 $3',
  display: 'flex',
  alignItems: 'center',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  '&[aria-selected="true"]': { backgroundColor: '$primaryPale', fontWeight: 700 },
});
const Status = styled('p', { margin: 0, fontSize: '$tiny', color: '$muted' });

/**
 * A search-and-pick field (issue 25 (4), ADR 0159): the WAI-ARIA combobox pattern from downshift, not
 * hand-written key handling. Typing lists matches; the arrows move through them; Enter picks the
 * highlighted one and never submits the form; focus stays in the field, which then shows the choice.
 */
export function SearchPick<T>({
  label,
  hint,
  placeholder,
  errors,
  disabled,
  chosen,
  onChoose,
  load,
  itemToString,
  itemKey,
  emptyText = '該当する候補がありません。',
}: {
  label: string;
  hint?: ReactNode;
  placeholder?: string;
  errors?: string[] | undefined;
  disabled?: boolean;
  chosen: T | null;
  /** Called with the picked item, or null once the person edits the text of an earlier choice. */
  onChoose: (item: T | null) => void;
  load: (q: string, signal: AbortSignal) => Promise<{ items: T[] }>;
  itemToString: (item: T) => string;
  itemKey: (item: T) => string;
  emptyText?: string;
}) {
  const id = useId();
  const [inputValue, setInputValue] = useState(chosen ? itemToString(chosen) : '');
  const [items, setItems] = useState<T[]>([]);
  const [searched, setSearched] = useState<string | null>(null);

  // A choice shows in the field, once per choice (a new object for the same item is the same choice). NOTE:
  // not the other way round: when the person edits the text of a choice (which clears it), the text they type
  // stays.
  const chosenKey = chosen === null ? null : itemKey(chosen);
  const showChoice = useEffectEvent(() => {
    if (chosen) setInputValue(itemToString(chosen));
  });
  useEffect(() => showChoice(), [chosenKey]);
  // The search calls the latest `load`; a new closure of it alone (every render) does not search again.
  const search = useEffectEvent(load);

  useEffect(() => {
    const q = inputValue.trim();
    if (chosen || disabled || q === '') {
      setItems([]);
      setSearched(null);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      search(q, ctrl.signal).then(
        (r) => {
          setItems(r.items);
          setSearched(q);
        },
        () => {},
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [inputValue, chosen, disabled]);

  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<T>({
    id,
    items,
    inputValue,
    selectedItem: chosen,
    itemToString: (item) => (item ? itemToString(item) : ''),
    onInputValueChange: ({ inputValue: next, type }) => {
      // NOTE: downshift writes the chosen item's text when `selectedItem` changes; a choice cleared by
      // typing would then wipe what was just typed. The effect above shows a choice instead.
      if (type === useCombobox.stateChangeTypes.ControlledPropUpdatedSelectedItem) return;
      setInputValue(next);
      if (type === useCombobox.stateChangeTypes.InputChange && chosen) onChoose(null);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChoose(selectedItem);
    },
  });

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null].filter(Boolean).join(' ');
  const open = isOpen && items.length > 0;
  // Enter in a search field picks (downshift, when a suggestion is highlighted) and never sends the form.
  const onKeyDown = (ev: KeyboardEvent<HTMLInputElement>) => {
    if (ev.key === 'Enter' && !ev.nativeEvent.isComposing) ev.preventDefault();
  };

  return (
    <Wrapper>
      <Label {...getLabelProps()}>{label}</Label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <Input
        {...getInputProps({
          onKeyDown,
          placeholder,
          disabled,
          autoComplete: 'off',
          required: true,
          'aria-invalid': errors?.length ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
      />
      <Menu {...getMenuProps({ 'aria-label': `${label}の候補` })}>
        {open &&
          items.map((item, index) => (
            <Option key={itemKey(item)} {...getItemProps({ item, index })}>
              {itemToString(item)}
            </Option>
          ))}
      </Menu>
      {!chosen && searched !== null && searched === inputValue.trim() && items.length === 0 && (
        <Status role="status">{emptyText}</Status>
      )}
      <FieldErrors id={errorId} errors={errors} />
    </Wrapper>
  );
}
