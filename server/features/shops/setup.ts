import type { FastifyInstance } from 'fastify';
import { notify } from '../../platform/notify/outbox.ts';
import { ShopService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 28 (1), ADR 0182: other features change a shop's row through this service, never its table. */
    shops: ShopService;
  }
}

/** The shops service on the instance: its routes use it, and other features read it at run time. */
export function setupShops(app: FastifyInstance): void {
  app.decorate(
    'shops',
    new ShopService({
      db: app.db,
      outbox: (tx, input) => notify(app, tx, input),
      deleteImage: (key) => app.images.delete(key),
      appUrl: app.env.APP_URL,
      // NOTE: the accounts feature's service, read from the instance at run time (ADR 0005), never imported.
      rememberShop: (userId, shopId) => app.accounts.service.rememberShop(userId, shopId),
    }),
  );
}
