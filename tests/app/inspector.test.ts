import { describe, expect, it } from 'vitest';
import { devInspector } from '../../src/platform/reporting/inspector.ts';

describe('Stately inspector (issue 3)', () => {
  it('is never connected in tests, even with VITE_INSPECT=1', () => {
    const env = import.meta.env as Record<string, unknown>;
    const before = env.VITE_INSPECT;
    env.VITE_INSPECT = '1';
    try {
      expect(import.meta.env.MODE).toBe('test');
      expect(devInspector()).toBeUndefined();
    } finally {
      env.VITE_INSPECT = before;
    }
  });
});
