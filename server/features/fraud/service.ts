import {
  type FraudAction,
  FRAUD_MESSAGES,
  type FraudFlag,
  type FraudKind,
  SUSPENDED_STATUS,
} from '../../../contracts/fraud.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError } from '../../platform/http-errors.ts';
import type { AuthContext } from '../../platform/plugins/access.ts';
import * as repo from './repo.ts';

export interface FraudDeps {
  db: Db;
  /** Signs a user out everywhere, in the caller's transaction (the accounts feature's sessions). */
  signOutEverywhere: (tx: Db, userId: number) => Promise<void>;
  /**
   * アカウント停止 (offers and entries need 承認, so both stop): sets the person's status in the caller's
   * transaction and answers the one before (the accounts feature's
   * service: ADR 0182, the users table is not fraud's to write).
   */
  setPersonStatus: (tx: Db, userId: number, status: string) => Promise<string | null>;
  /** Their open offers are looked at again (the support requests feature, through its queue). */
  supporterChanged: (userId: number) => Promise<void>;
}

/**
 * Issue 24 "Fraud signals and the review queue": staff list the flags and act on them, each action with a note,
 * audited in its transaction. 支払保留 keeps the flag open (the payouts wait); 保留解除 lifts it; アカウント停止 and
 * 問題なし close the flag.
 */
export class FraudService {
  constructor(private readonly deps: FraudDeps) {}

  list(query: { status: 'open' | 'closed'; kind?: FraudKind | undefined; before?: number | undefined }) {
    return repo.flagPage(this.deps.db, {
      status: query.status,
      ...(query.kind ? { kind: query.kind } : {}),
      ...(query.before ? { before: query.before } : {}),
    });
  }

  async act(id: number, action: FraudAction, note: string, auth: AuthContext): Promise<FraudFlag> {
    let suspended = false;
    await this.deps.db.transaction(async (tx) => {
      const flag = await repo.lockFlag(tx, id);
      if (!flag) throw new HttpError(404, FRAUD_MESSAGES.notFound);
      if (flag.status === 'closed') throw new HttpError(409, FRAUD_MESSAGES.closed);
      const before: Record<string, unknown> = {
        flag_status: flag.status,
        action: flag.action,
        on_hold: flag.on_hold,
      };
      const after: Record<string, unknown> = { ...before, action };
      if (action === 'hold') {
        await repo.hold(tx, flag.user_id, id, auth.userId, note);
        after.on_hold = true;
      } else if (action === 'release') {
        if (!(await repo.release(tx, flag.user_id))) throw new HttpError(409, FRAUD_MESSAGES.notHeld);
        after.on_hold = false;
      } else if (action === 'suspend') {
        const old = await this.deps.setPersonStatus(tx, flag.user_id, SUSPENDED_STATUS);
        before.user_status = old;
        after.user_status = SUSPENDED_STATUS;
        await this.deps.signOutEverywhere(tx, flag.user_id);
        suspended = true;
      }
      const close = action === 'suspend' || action === 'fine';
      after.flag_status = close ? 'closed' : 'open';
      await repo.recordAction(tx, id, { action, note, closedBy: auth.userId, close });
      await audit(tx, {
        actor: auth,
        action: `fraud.${action}`,
        table: 'fraud_flags',
        id,
        before,
        after,
        note,
      });
    });
    if (suspended) await this.deps.supporterChanged((await repo.findFlag(this.deps.db, id))!.user_id);
    return (await repo.findFlag(this.deps.db, id))!;
  }
}
