import { useState } from 'react';
import type { ShopEntry } from '../../../contracts/recruitments.ts';
import { useResource } from '../../platform/request/hooks.ts';
import { listShopEntries } from './api/list-shop-entries.ts';

/** Every entry of a recruitment for its shop and staff (50 a page, read page after page). */
export function useShopEntries(recruitmentId: number, enabled: boolean) {
  const [version, setVersion] = useState(0);
  const res = useResource<ShopEntry[]>(
    enabled
      ? async (signal) => {
          const all: ShopEntry[] = [];
          let cursor: number | undefined;
          do {
            const page = await listShopEntries(recruitmentId, cursor, signal);
            all.push(...page.items);
            cursor = page.next_cursor ?? undefined;
          } while (cursor !== undefined);
          return all;
        }
      : null,
    enabled ? `${recruitmentId}:${version}` : null,
  );
  return { res, reload: () => setVersion((v) => v + 1) };
}
