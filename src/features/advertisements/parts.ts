import { styled } from '../../platform/styles/stitches.config.ts';

/** The pieces the support request screens share. */
export const List = styled('ul', { listStyle: 'none', padding: 0, margin: 0 });
export const Row = styled('div', { display: 'flex', gap: '$2', flexWrap: 'wrap', alignItems: 'center' });
export const Post = styled('p', {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  backgroundColor: '$gray50',
  padding: '$3',
  borderRadius: '$md',
});
export const Photos = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: '$2 0',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
  gap: '$2',
  '& img': { width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: '$md', display: 'block' },
});
export const Facts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $3',
  margin: '$2 0',
  '& dt': { color: '$muted', fontSize: '$small' },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
});
