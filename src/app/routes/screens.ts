import type { LazyExoticComponent } from 'react';
import { preloadable } from '../../platform/lib/preloadable.ts';
import {
  headIn,
  type ModeHeads,
  type RouteDef,
  type ScreenHead,
  type ScreenModule,
  type ScreenProps,
} from '../../platform/routing.ts';

type Screen = LazyExoticComponent<ScreenModule['default']>;
const cache = new Map<RouteDef, ReturnType<typeof preloadable<ScreenProps, ScreenModule>>>();

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

/**
 * ADR 0213: the head the route's screen chunk exports (ADR 0211), once the chunk has loaded: start-up loads
 * the current path's before the app's first render, so the start-up state draws it where the session frame
 * did. Before (a screen opened later, its chunk on its way) the state shows the spinner alone. A screen with a
 * head per mode (ADR 0215) shows the one of `mode`.
 */
export function loadedHead(route: RouteDef, mode: keyof ModeHeads): ScreenHead | undefined {
  return headIn(entryFor(route).loaded()?.head, mode);
}

/** Loads a route's screen ahead (start-up: the current path's); once in, it renders without suspending. */
export function preloadScreen(route: RouteDef): Promise<unknown> {
  return entryFor(route).preload();
}

export type { ScreenProps };
