import { lazy, Suspense } from 'react';
import { styled } from '../styles/stitches.config.ts';
import type { SceneName } from './illustrations/scenes.tsx';

/**
 * An illustration (src/platform/ui/illustrations/) in a box that keeps its size whether the drawing has
 * arrived or not (no layout shift). The drawings are one lazy chunk: they are not on the first screen's
 * critical path (ADR 0038).
 */
const Scene = lazy(() => import('./illustrations/scenes.tsx'));

const Box = styled('span', { display: 'block', flexShrink: 0, marginInline: 'auto' });

export function Illustration({
  name,
  width,
  height = width,
}: {
  name: SceneName;
  width: number | string;
  height?: number | string;
}) {
  return (
    <Box style={{ width, height, maxWidth: '100%' }} data-illustration={name} aria-hidden="true">
      <Suspense fallback={null}>
        <Scene name={name} />
      </Suspense>
    </Box>
  );
}
