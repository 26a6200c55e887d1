import { createStitches } from '@stitches/react';
import { COLORS, FONT_STACKS, HEADING_SIZES, LAYOUT, minWidth, Z_INDEX } from './tokens.ts';

export const { styled, css, globalCss, keyframes, theme, getCssText, reset, config } = createStitches({
  // The prerender (ADR 0155) keeps its rules in a sheet of its own, which `reset()` empties between pages;
  // in the browser they go to a <style> in the document (the prerendered page's, when there is one).
  ...(import.meta.env.SSR ? { root: null } : {}),
  theme: {
    colors: {
      ...COLORS,
      text: COLORS.gray900,
      muted: COLORS.gray600,
      border: COLORS.gray300,
      bg: COLORS.white,
    },
    fonts: FONT_STACKS,
    fontSizes: {
      h1: `${HEADING_SIZES[0]}px`,
      h2: `${HEADING_SIZES[1]}px`,
      h3: `${HEADING_SIZES[2]}px`,
      h4: `${HEADING_SIZES[3]}px`,
      h5: `${HEADING_SIZES[4]}px`,
      h6: `${HEADING_SIZES[5]}px`,
      body: '16px',
      small: '14px',
      tiny: '12px',
    },
    space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px', 8: '64px' },
    sizes: {
      header: `${LAYOUT.header}px`,
      footerSmall: `${LAYOUT.footerSmall}px`,
      footerWide: `${LAYOUT.footerWide}px`,
      sidebar: `${LAYOUT.sidebar}px`,
      sidebarMd: `${LAYOUT.sidebarMd}px`,
      menuItem: `${LAYOUT.menuItemMin}px`,
      content: `clamp(${LAYOUT.contentMin}px, 100%, ${LAYOUT.contentMax}px)`,
    },
    radii: { sm: '4px', md: '8px', lg: '16px', pill: '9999px' },
    zIndices: Z_INDEX,
    shadows: {
      card: '0 1px 3px rgba(0,0,0,0.08), 0 4px 12px rgba(0,0,0,0.05)',
      raised: '0 8px 24px rgba(0,0,0,0.16)',
      focus: `0 0 0 3px ${COLORS.secondaryText}`,
    },
  },
  media: { sm: minWidth('sm'), md: minWidth('md'), lg: minWidth('lg'), xl: minWidth('xl') },
  utils: {
    px: (v: string | number) => ({ paddingLeft: v, paddingRight: v }),
    py: (v: string | number) => ({ paddingTop: v, paddingBottom: v }),
  },
});

/** Page theme (seed spec section 3): default, or legacy with a gradient background. */
export const LEGACY_BACKGROUND = `linear-gradient(160deg, ${COLORS.primaryPale} 0%, ${COLORS.secondaryPale} 55%, ${COLORS.white} 100%)`;

export const globalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  html: { WebkitTextSizeAdjust: '100%', scrollPaddingTop: '$sizes$header' },
  body: {
    margin: 0,
    fontFamily: '$body',
    fontSize: '$body',
    lineHeight: 1.7,
    color: '$text',
    backgroundColor: '$bg',
    // NOTE: Japanese text breaks anywhere by default; keep phrases readable on narrow screens (issue 11):
    // strict kinsoku, a long URL may still wrap, and where the browser can, breaks only between phrases.
    lineBreak: 'strict',
    overflowWrap: 'break-word',
  },
  '@supports (word-break: auto-phrase)': {
    'body, button': { wordBreak: 'auto-phrase' },
  },
  // No heading or button ends on a lone character or a line of one word (「Q / .」).
  'h1, h2, h3, h4, h5, h6, button, [role="button"]': { textWrap: 'balance' },
  'h1, h2, h3, h4, h5, h6': { fontWeight: 700, lineHeight: 1.4, margin: '0 0 $3' },
  h1: { fontSize: '$h1' },
  h2: { fontSize: '$h2' },
  h3: { fontSize: '$h3' },
  h4: { fontSize: '$h4' },
  h5: { fontSize: '$h5' },
  h6: { fontSize: '$h6' },
  p: { margin: '0 0 $3', textWrap: 'pretty' },
  a: { color: '$secondaryText' },
  'button, input, select, textarea': { font: 'inherit', textTransform: 'none' },
  img: { maxWidth: '100%', height: 'auto' },
  // Issue 25 (7): a file input is wider than a 375 px phone's column unless held to its box.
  'input[type="file"]': { maxWidth: '100%' },
  ':focus-visible': { outline: `3px solid ${COLORS.secondaryText}`, outlineOffset: '2px' },
  '.visually-hidden': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: 0,
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
