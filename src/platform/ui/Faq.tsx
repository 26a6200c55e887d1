import type { ReactNode } from 'react';
import { styled } from '../styles/stitches.config.ts';

const Group = styled('section', { marginBottom: '$6', '& > h2': { marginBottom: '$3' } });
const Item = styled('details', {
  borderBottom: '1px solid $gray200',
  '& summary': {
    listStyle: 'none',
    display: 'flex',
    gap: '$2',
    alignItems: 'flex-start',
    minHeight: '48px',
    padding: '$3 0',
    fontWeight: 700,
    cursor: 'pointer',
  },
  '& summary::-webkit-details-marker': { display: 'none' },
  '& summary::before': { content: '"Q."', color: '$primaryText', fontWeight: 800 },
  '& summary::after': { content: '"＋"', marginLeft: 'auto', color: '$gray600' },
  '&[open] summary::after': { content: '"－"' },
  '& > div': { display: 'flex', gap: '$2', padding: '0 0 $4', color: '$gray700' },
  '& > div::before': { content: '"A."', color: '$secondaryText', fontWeight: 800 },
  '& p:last-child': { marginBottom: 0 },
});

export type FaqEntry = { q: string; a: ReactNode };

/** Questions and answers as native disclosure widgets (keyboard and screen readers work without code). */
export function FaqGroup({ title, entries }: { title: string; entries: FaqEntry[] }) {
  return (
    <Group>
      <h2>{title}</h2>
      {entries.map((e) => (
        <Item key={e.q}>
          <summary>{e.q}</summary>
          <div>
            <div>{e.a}</div>
          </div>
        </Item>
      ))}
    </Group>
  );
}
