import { use, useMemo } from 'react';
import { useSearch } from 'wouter';
import { authActions, useAuth, useSideMenu } from '../../platform/session/hooks.ts';
import { buildMenu, loadMenuEntries, type MenuAction } from './menu.ts';
import { SideMenu } from './SideMenu.tsx';

/** The side menu wired to the side-menu and auth actors (seed spec sections 2 and 4). */
export default function ConnectedMenu({ path }: { path: string }) {
  const search = useSearch();
  const entries = use(loadMenuEntries());
  const auth = useAuth();
  const menu = useSideMenu();
  const model = useMemo(
    () =>
      buildMenu(
        menu.appearance,
        {
          userScreenName: auth.user?.screen_name ?? null,
          shopScreenName: auth.shop?.screen_name ?? null,
          shopSelected: !!auth.shop,
          companyAvailable: auth.companyAvailable,
          isStaff: auth.isStaff,
          isBeginnerShop: auth.isBeginnerShop,
          notAcceptedUnits: auth.user?.not_accepted_units_count ?? 0,
        },
        entries,
      ),
    [
      entries,
      menu.appearance,
      auth.user,
      auth.shop,
      auth.companyAvailable,
      auth.isStaff,
      auth.isBeginnerShop,
    ],
  );

  // Seed spec section 2: the menu closes 100 ms after a navigation; AppActorsProvider tells the actor.

  const onAction = (action: MenuAction) => {
    switch (action) {
      case 'close':
        return menu.send({ type: 'menu.close' });
      case 'switchShop':
        return authActions.switchShop();
      case 'switchToShop':
        return authActions.switchMode('shop');
      case 'switchToFocustar':
        return authActions.switchMode('focustar');
      case 'logout':
        menu.send({ type: 'menu.logout' });
        return;
    }
  };
  return (
    <SideMenu
      open={menu.open}
      model={model}
      currentPath={search ? `${path}?${search}` : path}
      profile={
        auth.user
          ? {
              name: auth.user.name,
              avatarUrl: auth.user.avatar_url,
              mode: auth.role,
              ...(auth.shop ? { shopName: auth.shop.name } : {}),
            }
          : null
      }
      onClose={() => menu.send({ type: 'menu.close' })}
      onAction={onAction}
    />
  );
}
