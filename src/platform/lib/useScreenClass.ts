import { useSyncExternalStore } from 'react';
import { BREAKPOINTS, type ScreenClass } from '../styles/tokens.ts';

/** Seed spec section 4: screen classes xs..xl; mobile is xs or sm, PC is md and up. */
export function screenClassOf(width: number): ScreenClass {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  return 'xs';
}

export const isMobileClass = (c: ScreenClass) => c === 'xs' || c === 'sm';
export const isPCClass = (c: ScreenClass) => !isMobileClass(c);

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}
const snapshot = () => screenClassOf(window.innerWidth);
// Without a window (tests in node), assume the narrowest screen: the layout is mobile-first.
const serverSnapshot = (): ScreenClass => 'xs';

export function useScreenClass(): { screenClass: ScreenClass; isMobile: boolean; isPC: boolean } {
  const screenClass = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return { screenClass, isMobile: isMobileClass(screenClass), isPC: isPCClass(screenClass) };
}
