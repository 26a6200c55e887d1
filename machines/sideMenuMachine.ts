import { assign, setup } from 'xstate';
import type { ClientRole } from './session.ts';
import type { MenuAppearance } from './selectors.ts';

/**
 * The side menu (seed spec sections 2 and 4): open, close, toggle; closes 100 ms after a navigation;
 * looks like the guest, shop or supporter menu (the app feeds the appearance from the auth actor);
 * its actions switch mode, switch shop and log out. The effects on the auth actor and the router
 * are named actions the app provides.
 */

/** Section 9: menu close delay. */
export const MENU_CLOSE_DELAY_MS = 100;

export interface SideMenuContext {
  appearance: MenuAppearance;
}

export type SideMenuEvent =
  | { type: 'menu.open' }
  | { type: 'menu.close' }
  | { type: 'menu.toggle' }
  | { type: 'menu.navigated' }
  | { type: 'menu.appearance'; appearance: MenuAppearance }
  | { type: 'menu.switchMode'; role: ClientRole }
  | { type: 'menu.switchShop' }
  | { type: 'menu.logout' };

export const sideMenuMachine = setup({
  types: {
    context: {} as SideMenuContext,
    events: {} as SideMenuEvent,
    input: {} as { appearance?: MenuAppearance } | undefined,
  },
  actions: {
    setRole: (_, _params: { role: ClientRole }) => {},
    clearShop: () => {},
    logout: () => {},
    navigate: (_, _params: { to: string }) => {},
    setAppearance: assign((_, params: { appearance: MenuAppearance }) => ({ appearance: params.appearance })),
  },
  delays: {
    menuCloseDelay: MENU_CLOSE_DELAY_MS,
  },
}).createMachine({
  id: 'sideMenu',
  context: ({ input }) => ({ appearance: input?.appearance ?? 'guest' }),
  initial: 'closed',
  on: {
    'menu.appearance': {
      actions: { type: 'setAppearance', params: ({ event }) => ({ appearance: event.appearance }) },
    },
    // Section 4: switch mode = set role, then the root page (which is also the shop switch).
    'menu.switchMode': {
      target: '.closed',
      actions: [
        { type: 'setRole', params: ({ event }) => ({ role: event.role }) },
        { type: 'navigate', params: { to: '/' } },
      ],
    },
    'menu.switchShop': {
      target: '.closed',
      actions: ['clearShop', { type: 'navigate', params: { to: '/' } }],
    },
    'menu.logout': { target: '.closed', actions: 'logout' },
  },
  states: {
    closed: {
      on: {
        'menu.open': 'open',
        'menu.toggle': 'open',
      },
    },
    open: {
      on: {
        'menu.close': 'closed',
        'menu.toggle': 'closed',
        'menu.navigated': 'closing',
      },
    },
    // A navigation from the menu closes it 100 ms later, so the tap is seen before the menu slides away.
    closing: {
      after: { menuCloseDelay: 'closed' },
      on: {
        'menu.close': 'closed',
        'menu.toggle': 'closed',
        'menu.open': 'open',
        'menu.navigated': { target: 'closing', reenter: true },
      },
    },
  },
});
