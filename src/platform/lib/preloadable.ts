import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Module<T> = { default: T };

/**
 * Issue 29: a lazy component whose module, once loaded (by `preload`, or by an earlier render), renders
 * at once instead of suspending. React's `lazy` suspends on its first render even when the import has
 * already settled (it learns so in a `then` callback), and React then reveals the screen no sooner than
 * 300 ms after its fallback was shown: a signed-in first screen waited there with nothing to do. A
 * thenable that calls back at once lets `lazy` resolve in that first render.
 */
export function preloadable<P extends object, M extends Module<ComponentType<P>> = Module<ComponentType<P>>>(
  load: () => Promise<M>,
): {
  Component: LazyExoticComponent<ComponentType<P>>;
  preload: () => Promise<M>;
  /** The module once it has loaded (ADR 0213: what else the screen's chunk exports, e.g. its head). */
  loaded: () => M | null;
} {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (err: unknown) => {
        // A failed chunk may load on a later try (a flaky connection).
        pending = null;
        throw err;
      },
    ));
  const settled = (module: M) =>
    ({ then: (resolve: (m: M) => void) => resolve(module) }) as unknown as Promise<M>;
  const Component = lazy(() => (loaded ? settled(loaded) : preload()));
  return { Component, preload, loaded: () => loaded };
}
