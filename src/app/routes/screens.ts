import { type LazyExoticComponent, lazy } from 'react';
import type { RouteDef, ScreenModule, ScreenProps } from '../../platform/routing.ts';

type Screen = LazyExoticComponent<ScreenModule['default']>;
const cache = new Map<RouteDef, Screen>();

/** One lazy component per route, created once, so a screen's chunk is fetched only when it is needed. */
export function screenFor(route: RouteDef): Screen {
  let screen = cache.get(route);
  if (!screen) {
    screen = lazy(route.load);
    cache.set(route, screen);
  }
  return screen;
}

export type { ScreenProps };
