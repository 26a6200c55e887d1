import type { ReactNode } from 'react';
import { LEGACY_BACKGROUND, styled } from '../../platform/styles/stitches.config.ts';

export type PageTheme = 'default' | 'legacy';

const Page = styled('div', {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  variants: {
    theme: { default: { backgroundColor: '$white' }, legacy: { background: LEGACY_BACKGROUND } },
  },
});

/**
 * Room is reserved for the fixed header and the fixed-height footer, so neither the lazy screen nor the
 * fonts move anything when they arrive.
 */
const Main = styled('main', {
  flex: 1,
  paddingTop: '$sizes$header',
  paddingBottom: '$7',
  minHeight: 'calc(100vh - $sizes$footerSmall)',
  '@md': { minHeight: 'calc(100vh - $sizes$footerWide)' },
  '&:focus': { outline: 'none' },
  variants: { footer: { false: { minHeight: '100vh' } } },
});

const SkipLink = styled('a', {
  position: 'absolute',
  left: '$2',
  top: '-100px',
  zIndex: 10001,
  padding: '$2 $4',
  backgroundColor: '$white',
  color: '$secondaryText',
  fontWeight: 700,
  '&:focus': { top: '$2' },
});

export const MAIN_ID = 'main-content';

/** Page theme and footer per page (seed spec section 3: UI state). */
export function Layout({
  theme,
  footer,
  header,
  menu,
  footerNode,
  children,
}: {
  theme: PageTheme;
  footer: boolean;
  header: ReactNode;
  menu: ReactNode;
  footerNode: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page theme={theme} data-theme={theme}>
      <SkipLink href={`#${MAIN_ID}`}>本文へ移動</SkipLink>
      {header}
      {menu}
      <Main id={MAIN_ID} tabIndex={-1} footer={footer}>
        {children}
      </Main>
      {footer && footerNode}
    </Page>
  );
}
