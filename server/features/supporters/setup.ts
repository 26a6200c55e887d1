import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../platform/mail.ts';
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
    mailer: createMailer(app.env, app.log),
    images: app.images,
    ownership: () => supporters.ownership,
    log: app.log,
  });
  app.decorate('supporters', supporters);
}
