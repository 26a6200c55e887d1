import { useAuth } from '../../platform/session/hooks.ts';
import { ShopRequests } from './ShopRequests.tsx';
import { SupporterUnits } from './SupporterUnits.tsx';

/** ADR 0215: the screen's head per mode, for the session frame and the start-up state. */
export { ADVERTISEMENTS_HEADS as head } from './heads.ts';

/** Seed spec section 2 (/advertisements), issue 13: the shop's requests, or the supporter's offers. */
export default function AdvertisementsPage() {
  const { role, shop } = useAuth();
  if (role === 'shop' && shop) return <ShopRequests shopId={shop.id} />;
  return <SupporterUnits />;
}
