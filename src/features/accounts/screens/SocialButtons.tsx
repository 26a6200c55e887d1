import { styled } from '../../../platform/styles/stitches.config.ts';

const PROVIDER_LABELS: Record<string, string> = { line: 'LINE', x: 'X', google: 'Google' };

const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$3' });
// Brand colours sit in the marks; the labels stay dark on white so they keep a 4.5:1 contrast.
const Social = styled('button', {
  width: '100%',
  minHeight: '48px',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$3',
  border: '1px solid $gray400',
  borderRadius: '$pill',
  backgroundColor: '$white',
  color: '$gray900',
  fontWeight: 700,
  cursor: 'pointer',
  '&:hover': { backgroundColor: '$gray50' },
});
const Mark = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  borderRadius: '$sm',
  color: '$white',
  fontSize: '11px',
  fontWeight: 800,
  variants: {
    provider: {
      // White 11 px text needs 4.5:1: the brand greens and blues are too light for it.
      line: { backgroundColor: '$lineText' },
      x: { backgroundColor: '$x' },
      google: { backgroundColor: '$googleText' },
    },
  },
});

export function providerLabel(provider: string): string {
  return PROVIDER_LABELS[provider] ?? provider;
}

/** One button per provider the server has enabled (GET /api/config `oauthProviders`). */
export function SocialButtons({
  providers,
  verb,
  onSelect,
}: {
  providers: string[];
  verb: string;
  onSelect: (provider: string) => void;
}) {
  const known = providers.filter((p) => p in PROVIDER_LABELS);
  if (known.length === 0) return null;
  return (
    <List>
      {known.map((p) => (
        <li key={p}>
          <Social type="button" onClick={() => onSelect(p)}>
            <Mark provider={p as 'line' | 'x' | 'google'} aria-hidden="true">
              {p === 'line' ? 'LINE' : p === 'x' ? '𝕏' : 'G'}
            </Mark>
            {`${providerLabel(p)}で${verb}`}
          </Social>
        </li>
      ))}
    </List>
  );
}

export const Divider = styled('p', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  margin: '$5 0',
  color: '$gray700',
  fontSize: '$small',
  '&::before, &::after': { content: '""', flex: 1, borderTop: '1px solid $gray300' },
});
