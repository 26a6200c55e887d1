import { describe, expect, it } from 'vitest';
import { normalizeDigits, parseWholeNumber, toHalfWidthAscii } from '../../src/platform/ui/Field.tsx';
import { formatYen } from '../../src/platform/ui/format.ts';
import { quote } from '../../src/features/guides/price.ts';
import { isMobileClass, isPCClass, screenClassOf } from '../../src/platform/lib/useScreenClass.ts';
import { BREAKPOINTS, COLORS, HEADING_SIZES, LAYOUT, Z_INDEX } from '../../src/platform/styles/tokens.ts';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe('tokens (seed spec section 9)', () => {
  it('breakpoints xs 0, sm 420, md 768, lg 920, xl 1200; header 50; footer 343/196; content 320-1240; sidebar 216/280', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 420, md: 768, lg: 920, xl: 1200 });
    expect(LAYOUT).toMatchObject({
      header: 50,
      footerSmall: 343,
      footerWide: 196,
      contentMin: 320,
      contentMax: 1240,
      sidebar: 216,
      sidebarMd: 280,
      menuItemMin: 40,
    });
  });

  it('stacking: overlay 9999, sidebar 1000, header 900, sticky 800 (810), tooltip 220, avatar 210', () => {
    expect(Z_INDEX).toEqual({
      loadingOverlay: 9999,
      sidebar: 1000,
      header: 900,
      stickyNav: 800,
      stickyNavOverride: 810,
      tooltip: 220,
      avatar: 210,
    });
    expect(HEADING_SIZES).toEqual([24, 20, 18, 16, 14, 12]);
  });

  it('text colours keep a 4.5:1 contrast on white, and white text on the button colours (WCAG AA)', () => {
    for (const c of [
      'primaryText',
      'secondaryText',
      'orangeText',
      'greenText',
      'redText',
      'gray600',
      'gray700',
      'lineText',
      'googleText',
    ] as const) {
      expect(contrast(COLORS[c], COLORS.white), c).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('screen classes (seed spec section 4)', () => {
  it('xs..xl at the breakpoints; mobile is xs or sm, PC is md and up', () => {
    expect([0, 419, 420, 767, 768, 919, 920, 1199, 1200].map(screenClassOf)).toEqual([
      'xs',
      'xs',
      'sm',
      'sm',
      'md',
      'md',
      'lg',
      'lg',
      'xl',
    ]);
    expect(['xs', 'sm'].every((c) => isMobileClass(c as 'xs'))).toBe(true);
    expect(['md', 'lg', 'xl'].every((c) => isPCClass(c as 'md'))).toBe(true);
    expect(isPCClass('sm')).toBe(false);
  });
});

describe('typed numbers and yen (issue 4, product design section 5)', () => {
  it('full-width digits are accepted where people type numbers', () => {
    expect(normalizeDigits('１，０００')).toBe('1000');
    expect(parseWholeNumber('３０')).toBe(30);
    expect(parseWholeNumber('三十')).toBeNull();
    expect(toHalfWidthAscii('ｈａｎａｋｏ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('hanako@example.com');
  });

  it('the price: 30 % platform fee on the rewards, 10 % tax on both, yen as 1,000円', () => {
    const q = quote(20);
    expect(q).toMatchObject({ rewards: 2000, fee: 600, subtotal: 2600, tax: 260, total: 2860 });
    expect(quote(10, 100, true)).toMatchObject({ fee: 0, total: 1100 });
    expect(formatYen(q.total)).toBe('2,860円');
    expect(formatYen(1000)).toBe('1,000円');
  });
});
