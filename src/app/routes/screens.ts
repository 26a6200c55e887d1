import type { LazyExoticComponent } from 'react';
import { preloadable } from '../../platform/lib/preloadable.ts';
import type { RouteDef, ScreenModule, ScreenProps } from '../../platform/routing.ts';

type Screen = LazyExoticComponent<ScreenModule['default']>;
const cache = new Map<RouteDef, ReturnType<typeof preloadable<ScreenProps>>>();

function entryFor(route: RouteDef) {
  let entry = cache.get(route);
  if (!entry) {
    entry = preloadable(route.load);
    cache.set(route, entry);
  }
  return entry;
}

/** One lazy component per route, created once, so a screen's chunk is fetched only when it is needed. */
export function screenFor(route: RouteDef): Screen {
  return entryFor(route).Component;
}

/** Loads a route's screen ahead (start-up: the current path's); once in, it renders without suspending. */
export function preloadScreen(route: RouteDef): Promise<unknown> {
  return entryFor(route).preload();
}

export type { ScreenProps };
