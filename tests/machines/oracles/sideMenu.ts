import type { EventObject } from 'xstate';
import type { MenuAppearance } from '../../../machines/selectors.ts';
import { MENU_CLOSE_DELAY_MS, sideMenuMachine } from '../../../machines/sideMenuMachine.ts';
import type { ClientRole } from '../../../machines/session.ts';
import type { ModelOptions } from '../model-harness.ts';
import { type OracleSuite, wait } from '../oracle-harness.ts';

/**
 * The side menu's oracle: seed spec sections 2, 4 and 9 as a reference model. Observed: whether
 * the menu is shown open (what the UI reads), its appearance, and what its items did to the auth
 * actor and the router.
 */

export interface MenuObservation {
  open: boolean;
  appearance: MenuAppearance;
  effects: string[];
}

interface MenuModel {
  open: boolean;
  /** When a pending close fires (ms on the simulated clock), or null. */
  closesAt: number | null;
  now: number;
  appearance: MenuAppearance;
  effects: string[];
}

/** Simulated time a user takes between two taps, so a restarted close delay is observable. */
const THINK_MS = 10;

const close = (m: MenuModel): MenuModel => ({ ...m, open: false, closesAt: null });
const tick = (m: MenuModel, ms: number): MenuModel => {
  const now = m.now + ms;
  // seed spec §2/§9: the menu closes 100 ms after a navigation.
  return m.closesAt !== null && m.closesAt <= now ? { ...close(m), now } : { ...m, now };
};

function start(input: { appearance?: MenuAppearance } | undefined): MenuModel {
  return { open: false, closesAt: null, now: 0, appearance: input?.appearance ?? 'guest', effects: [] };
}

function step(model: MenuModel, e: EventObject): MenuModel {
  const ev = e as EventObject & Record<string, unknown>;
  if (e.type.startsWith('xstate.after.')) return tick(model, MENU_CLOSE_DELAY_MS);
  if (e.type === 'test.wait') return tick(model, ev.ms as number);
  const m = tick(model, THINK_MS);
  switch (e.type) {
    case 'menu.open':
      return { ...m, open: true, closesAt: null }; // seed spec §2: it can open
    case 'menu.close':
      return close(m); // seed spec §2: close
    case 'menu.toggle':
      return m.open ? close(m) : { ...m, open: true }; // seed spec §2: toggle
    case 'menu.navigated':
      // seed spec §2: closes 100 ms after a navigation (the last one counts); a closed menu stays closed.
      return m.open ? { ...m, closesAt: m.now + MENU_CLOSE_DELAY_MS } : m;
    case 'menu.appearance':
      return { ...m, appearance: ev.appearance as MenuAppearance }; // seed spec §2: guest, shop or focustar
    case 'menu.switchMode':
      // seed spec §4: switch mode sets the role; §2: each mode switch returns to root.
      return close({ ...m, effects: [...m.effects, `set role ${String(ev.role)}`, 'navigate /'] });
    case 'menu.switchShop':
      // seed spec §4: switch shop clears the selected shop; §2: switch shop is the root page.
      return close({ ...m, effects: [...m.effects, 'clear shop', 'navigate /'] });
    case 'menu.logout':
      return close({ ...m, effects: [...m.effects, 'logout'] }); // seed spec §4: logout
    default:
      return m;
  }
}

const observe = (m: MenuModel): MenuObservation => ({
  open: m.open,
  appearance: m.appearance,
  effects: m.effects,
});

function world() {
  const effects: string[] = [];
  return {
    actions: {
      setRole: (_: unknown, p: { role: ClientRole }) => effects.push(`set role ${p.role}`),
      clearShop: () => effects.push('clear shop'),
      logout: () => effects.push('logout'),
      navigate: (_: unknown, p: { to: string }) => effects.push(`navigate ${p.to}`),
    },
    observe(ui: { context: unknown; value: unknown }): MenuObservation {
      // What src/app/hooks.ts shows: open while open or closing.
      return {
        open: ui.value === 'open' || ui.value === 'closing',
        appearance: (ui.context as { appearance: MenuAppearance }).appearance,
        effects: [...effects],
      };
    },
  };
}

export const sideMenuModel: ModelOptions<{ appearance: MenuAppearance }> = {
  machine: sideMenuMachine,
  inputs: [{ name: 'guest', input: { appearance: 'guest' } }],
  events: [
    { type: 'menu.open' },
    { type: 'menu.close' },
    { type: 'menu.toggle' },
    { type: 'menu.navigated' },
    { type: 'menu.appearance', appearance: 'shop' },
    { type: 'menu.switchMode', role: 'shop' },
    { type: 'menu.switchShop' },
    { type: 'menu.logout' },
    { type: 'xstate.after.menuCloseDelay.sideMenu.closing' },
  ] as EventObject[],
  project: (s) => s.context,
  delays: { menuCloseDelay: MENU_CLOSE_DELAY_MS },
};

export const sideMenuSuite: OracleSuite<{ appearance: MenuAppearance }, MenuObservation, MenuModel> = {
  name: 'sideMenuMachine',
  machine: sideMenuMachine,
  model: sideMenuModel,
  // A pending close must fire at its time, not earlier and not never.
  probe: [wait(MENU_CLOSE_DELAY_MS - 15), wait(10), wait(10)],
  thinkMs: THINK_MS,
  world,
  describeCall: (src) => src,
  oracle: { start, step, observe },
};
