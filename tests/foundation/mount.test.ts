// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findRootElement, MISSING_ROOT_MESSAGE } from '../../src/mount.ts';

describe('mounting (seed spec section 2: "if it is missing, start-up fails")', () => {
  it('finds the one root element of index.html', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(findRootElement().id).toBe('root');
  });

  it('fails with a clear message when the root element is missing', () => {
    document.body.innerHTML = '<div id="app"></div>';
    expect(() => findRootElement()).toThrow(MISSING_ROOT_MESSAGE);
  });
});
