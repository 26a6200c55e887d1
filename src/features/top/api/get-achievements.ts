import type { Achievements } from '../../../../contracts/achievements.ts';
import { callLazy } from '../../../platform/request/request.ts';

/**
 * GET /api/achievements: the top page's figures and published customer voices. A quiet read; the
 * contract (and zod with it) loads beside the request, not before the first paint (ADR 0038).
 */
export function getAchievements(signal?: AbortSignal): Promise<Achievements> {
  return callLazy(
    () => import('../../../../contracts/achievements.ts').then((m) => m.achievementsSchema),
    { method: 'GET', path: '/api/achievements' },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
