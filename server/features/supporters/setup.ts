import type { FastifyInstance } from 'fastify';
import { SUPPORTER_CHANGED_QUEUE } from '../../platform/jobs.ts';
import { notify } from '../../platform/notify/outbox.ts';
import { createOwnershipChecker, type OwnershipChecker } from './ownership.ts';
import { SupportersService } from './service.ts';

export interface Supporters {
  service: SupportersService;
  /** The SNS ownership check (ADR 0090); tests put a fake here. */
  ownership: OwnershipChecker;
}

declare module 'fastify' {
  interface FastifyInstance {
    supporters: Supporters;
  }
}

export function setupSupporters(app: FastifyInstance): void {
  const supporters = {} as Supporters;
  supporters.ownership = createOwnershipChecker(app.env);
  supporters.service = new SupportersService({
    db: app.db,
    env: app.env,
    outbox: (tx, input) => notify(app, tx, input),
    images: app.images,
    ownership: () => supporters.ownership,
    log: app.log,
    // Issue 23: their open offers are looked at again by the support requests feature.
    supporterChanged: async (userId) => {
      await app.jobs.send(SUPPORTER_CHANGED_QUEUE, { userId });
    },
    // ADR 0182: the person's row changes through the accounts feature's service (read at each call).
    accounts: {
      saveProfile: (tx, userId, values) => app.accounts.service.saveProfile(tx, userId, values),
      setAvatar: (tx, userId, url) => app.accounts.service.setAvatar(tx, userId, url),
      setSupporterStatus: (tx, userId, status) => app.accounts.service.setSupporterStatus(tx, userId, status),
      setRole: (tx, userId, role, at) => app.accounts.service.setRole(tx, userId, role, at),
    },
  });
  app.decorate('supporters', supporters);
}
