import type { InspectionEvent } from 'xstate';

/**
 * The Stately inspector, in development only and only with VITE_INSPECT=1 (never in tests or in
 * production: `import.meta.env.DEV` is false in a build, so the dynamic import is dropped). The
 * actors start before the inspector has loaded, so their first events wait in a buffer.
 */
export function devInspector(): ((event: InspectionEvent) => void) | undefined {
  if (!(import.meta.env.DEV && import.meta.env.VITE_INSPECT === '1' && import.meta.env.MODE !== 'test')) {
    return undefined;
  }
  const buffer: InspectionEvent[] = [];
  let forward: ((event: InspectionEvent) => void) | null = null;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector();
    forward = (event) => inspector.inspect.next?.(event);
    for (const event of buffer.splice(0)) forward(event);
  });
  return (event) => {
    if (forward) forward(event);
    else buffer.push(event);
  };
}
