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

/** A request's photos (issue 23: they reach the supporter's offer and the staff review), named by `label`. */
export function PhotoList({ urls, label }: { urls: readonly string[]; label: string }) {
  if (!urls.length) return null;
  return (
    <Photos aria-label={label}>
      {urls.map((src, i) => (
        <li key={src}>
          <img src={src} alt={`${label}${i + 1}`} loading="lazy" width={160} height={160} />
        </li>
      ))}
    </Photos>
  );
}
