import { useAuth } from '../../platform/session/hooks.ts';
import { ShopRequests } from './ShopRequests.tsx';
import { SupporterUnits } from './SupporterUnits.tsx';

/** Seed spec section 2 (/advertisements), issue 13: the shop's requests, or the supporter's offers. */
export default function AdvertisementsPage() {
  const { role, shop } = useAuth();
  if (role === 'shop' && shop) return <ShopRequests shopId={shop.id} />;
  return <SupporterUnits />;
}
