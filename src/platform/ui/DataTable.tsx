import { styled } from '../styles/stitches.config.ts';

/**
 * The staff screens' list table: compact rows, a tinted header that does not wrap, and a wrapper that
 * scrolls sideways on a phone instead of squeezing the columns. Screens add their own touches with
 * `styled(DataTable, {...})`.
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
});

export const TableScroll = styled('div', { overflowX: 'auto', marginBottom: '$4' });
