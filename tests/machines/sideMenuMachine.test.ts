import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { MENU_CLOSE_DELAY_MS, sideMenuMachine } from '../../machines/sideMenuMachine.ts';

/** Seed spec sections 2, 4 and 9: the side menu actor with its effects swapped by `machine.provide`. */

function setupMenu() {
  const effects = { setRole: vi.fn(), clearShop: vi.fn(), logout: vi.fn(), navigate: vi.fn() };
  const actor = createActor(
    sideMenuMachine.provide({
      actions: {
        setRole: (_, p) => effects.setRole(p.role),
        clearShop: () => effects.clearShop(),
        logout: () => effects.logout(),
        navigate: (_, p) => effects.navigate(p.to),
      },
    }),
    { input: { appearance: 'guest' } },
  );
  actor.start();
  return { actor, effects };
}

const isOpen = (a: ReturnType<typeof setupMenu>['actor']) => {
  const s = a.getSnapshot();
  return s.matches('open') || s.matches('closing');
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sideMenuMachine (seed spec sections 2 and 4)', () => {
  it('opens, closes and toggles', () => {
    const { actor } = setupMenu();
    expect(isOpen(actor)).toBe(false);
    actor.send({ type: 'menu.open' });
    expect(isOpen(actor)).toBe(true);
    actor.send({ type: 'menu.close' });
    expect(isOpen(actor)).toBe(false);
    actor.send({ type: 'menu.toggle' });
    expect(isOpen(actor)).toBe(true);
    actor.send({ type: 'menu.toggle' });
    expect(isOpen(actor)).toBe(false);
  });

  it('closes 100 ms after a navigation, not before (seed spec section 9, fake timers)', () => {
    expect(MENU_CLOSE_DELAY_MS).toBe(100);
    const { actor } = setupMenu();
    actor.send({ type: 'menu.open' });
    actor.send({ type: 'menu.navigated' });
    vi.advanceTimersByTime(99);
    expect(isOpen(actor)).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isOpen(actor)).toBe(false);
  });

  it('a second navigation restarts the 100 ms; a navigation while closed does nothing', () => {
    const { actor } = setupMenu();
    actor.send({ type: 'menu.navigated' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'menu.open' });
    actor.send({ type: 'menu.navigated' });
    vi.advanceTimersByTime(60);
    actor.send({ type: 'menu.navigated' });
    vi.advanceTimersByTime(60);
    expect(isOpen(actor)).toBe(true);
    vi.advanceTimersByTime(40);
    expect(isOpen(actor)).toBe(false);
  });

  it('follows the appearance the auth actor reports (guest, shop, focustar)', () => {
    const { actor } = setupMenu();
    expect(actor.getSnapshot().context.appearance).toBe('guest');
    actor.send({ type: 'menu.appearance', appearance: 'shop' });
    expect(actor.getSnapshot().context.appearance).toBe('shop');
    actor.send({ type: 'menu.appearance', appearance: 'focustar' });
    expect(actor.getSnapshot().context.appearance).toBe('focustar');
  });

  it('switch mode sets the role and goes to /; switch shop clears the shop and goes to /; logout logs out', () => {
    const { actor, effects } = setupMenu();
    actor.send({ type: 'menu.open' });
    actor.send({ type: 'menu.switchMode', role: 'shop' });
    expect(effects.setRole).toHaveBeenCalledWith('shop');
    expect(effects.navigate).toHaveBeenLastCalledWith('/');
    expect(isOpen(actor)).toBe(false);
    actor.send({ type: 'menu.switchShop' });
    expect(effects.clearShop).toHaveBeenCalledTimes(1);
    expect(effects.navigate).toHaveBeenCalledTimes(2);
    actor.send({ type: 'menu.logout' });
    expect(effects.logout).toHaveBeenCalledTimes(1);
  });
});
