/**
 * Seed spec section 9 (business constants): the numbers of the look and feel, as plain values so that
 * hooks and tests can read them without the stitches runtime. stitches.config.ts turns them into tokens.
 */
export const BREAKPOINTS = { xs: 0, sm: 420, md: 768, lg: 920, xl: 1200 } as const;
export type ScreenClass = keyof typeof BREAKPOINTS;
export const LAYOUT = {
  contentMin: 320,
  contentMax: 1240,
  header: 50,
  footerSmall: 343,
  footerWide: 196,
  sidebar: 216,
  sidebarMd: 280,
  menuItemMin: 40,
} as const;

export const Z_INDEX = {
  loadingOverlay: 9999,
  sidebar: 1000,
  header: 900,
  stickyNav: 800,
  stickyNavOverride: 810,
  tooltip: 220,
  avatar: 210,
} as const;

/** Headings h1..h6 (px), all bold. */
export const HEADING_SIZES = [24, 20, 18, 16, 14, 12] as const;

/**
 * Colours. The pink and blue of the brand are too light for small white text, so each hue has a
 * darker "text" step that keeps a 4.5:1 contrast on white (checked in the component tests).
 */
export const COLORS = {
  primary: '#e8508a',
  primaryText: '#c02a64',
  primaryDark: '#a02050',
  primaryLight: '#fbd3e2',
  primaryPale: '#fff3f7',
  secondary: '#7cc8ee',
  secondaryText: '#0b6e99',
  secondaryLight: '#d9f0fb',
  secondaryPale: '#f1f9fd',
  orange: '#f39800',
  orangeText: '#a85700',
  orangePale: '#fff4e0',
  green: '#2e9e5b',
  greenText: '#1d7441',
  greenPale: '#e8f6ee',
  red: '#e53935',
  redText: '#c62828',
  redPale: '#fdecec',
  gray900: '#222222',
  gray700: '#4a4a4a',
  gray600: '#5f5f5f',
  gray400: '#a6a6a6',
  gray300: '#d0d0d0',
  gray200: '#e6e6e6',
  gray100: '#f3f3f3',
  gray50: '#fafafa',
  white: '#ffffff',
  line: '#06c755',
  x: '#000000',
  instagram: '#e1306c',
  tiktok: '#010101',
  facebook: '#1877f2',
  google: '#4285f4',
  /** Darker brand shades that keep white text at 4.5:1 or more (WCAG AA), for small marks with text. */
  lineText: '#047a36',
  googleText: '#3367d6',
} as const;

/** Japanese-first system stacks: no web font is downloaded, so nothing shifts when fonts arrive. */
export const FONT_STACKS = {
  body: '"Hiragino Sans", "Hiragino Kaku Gothic ProN", "BIZ UDPGothic", "Yu Gothic UI", Meiryo, "Noto Sans CJK JP", "Noto Sans JP", system-ui, -apple-system, "Segoe UI", sans-serif',
  rounded:
    '"Hiragino Maru Gothic ProN", "Hiragino Sans", "BIZ UDPGothic", Meiryo, "Noto Sans CJK JP", "Noto Sans JP", system-ui, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Noto Sans Mono CJK JP", monospace',
} as const;

/** Builds a min-width media query for a breakpoint. */
export const minWidth = (bp: Exclude<ScreenClass, 'xs'>) => `(min-width: ${BREAKPOINTS[bp]}px)`;
