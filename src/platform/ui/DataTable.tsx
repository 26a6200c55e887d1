import { styled } from '../styles/stitches.config.ts';

/**
 * The app's list table (the staff screens, the money history): compact rows, a tinted header that does
 * not wrap, and a wrapper that scrolls sideways on a phone instead of squeezing the columns. Screens add
 * their own touches with `styled(DataTable, {...})` (money/common.tsx, the URL shortener).
 */
export const DataTable = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '$small',
  '& th, & td': {
    borderBottom: '1px solid $gray200',
    padding: '$2',
    textAlign: 'left',
    verticalAlign: 'top',
  },
  '& th': { backgroundColor: '$gray50', whiteSpace: 'nowrap' },
  // Dates and figures stay on one line (「2026年11月18日（水）」 in four lines reads as four things); a date
  // with its time is a `DateTime`, which may part at the space between them.
  '& td.date, & td.num': { whiteSpace: 'nowrap' },
  // A date in a table that must fit a phone without scrolling (a supporter's own history): it may part from
  // its weekday (「2026年10月15日 /（木）」) but is not broken inside.
  '& td.day': { wordBreak: 'keep-all' },
});

/**
 * NOTE: `position: relative` makes the box the containing block of the `.visually-hidden` texts in its cells
 * (they are `position: absolute`): without it they escape the sideways scroll and widen the whole page
 * (issue 27: /results at 375 px was 208 px too wide because of 「（…さんの投稿、新しいタブ）」).
 */
export const TableScroll = styled('div', { overflowX: 'auto', position: 'relative', marginBottom: '$4' });

/**
 * A row's name that opens its detail beside the table: reads as a link, is a button (it changes what the
 * screen shows, not the address), and keeps the focus ring that `all: unset` would take away, so that a
 * keyboard user sees which row they are on.
 */
export const RowButton = styled('button', {
  all: 'unset',
  cursor: 'pointer',
  color: '$primaryText',
  fontWeight: 700,
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: '3px solid $secondaryText', outlineOffset: '2px', borderRadius: '2px' },
});

/**
 * The buttons of a row's 操作 cell, side by side on one line: the table scrolls sideways (TableScroll) rather
 * than stacking them into a tall row on a phone.
 */
export const RowActions = styled('div', {
  display: 'flex',
  gap: '$2',
  alignItems: 'center',
  whiteSpace: 'nowrap',
  '& > *': { flexShrink: 0 },
});
