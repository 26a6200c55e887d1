import type { HandlingListQuery, HandlingUpdate } from '../../../contracts/common.ts';
import {
  CONTACT_MESSAGES,
  type ContactItem,
  type ContactRequest,
  MY_CONTACT_LIMIT,
} from '../../../contracts/contact.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import { HttpError, tooMany } from '../../platform/http-errors.ts';
import type { AuthContext } from '../../platform/plugins/access.ts';
import { type CounterStore, Throttle } from '../../platform/throttle.ts';
import { contactMails } from './mails.ts';
import * as repo from './repo.ts';

/** Per IP: a person writes a few messages; a script writes hundreds. */
export const CONTACT_LIMIT = { count: 5, windowMs: 10 * 60 * 1000 };

/** What the service needs (ADR 0182: a plain deps object, which the routes build from the app). */
export interface ContactDeps {
  db: Db;
  /** The outbox (issue 26): `notify` bound to the app. */
  outbox: Outbox;
  /** Where the operators' copy goes (CONTACT_MAIL_TO). */
  operatorsEmail: string;
  /** The throttle's counters: the shared store (Redis with REDIS_URL), so every process spends one budget. */
  counters: CounterStore;
}

export class ContactService {
  private readonly throttle: Throttle;
  private readonly db: Db;

  constructor(private readonly deps: ContactDeps) {
    this.db = deps.db;
    this.throttle = new Throttle(deps.counters, 'contact', CONTACT_LIMIT.count, CONTACT_LIMIT.windowMs);
  }

  /** Stores the message and, in the same transaction, its mails (the outbox, issue 26): both or neither. */
  async send(userId: number, ip: string, body: { topic: ContactRequest['topic']; body: string }) {
    const wait = await this.throttle.take(ip);
    if (wait) throw tooMany(CONTACT_MESSAGES.throttled(wait), wait);
    const id = await this.db.transaction(async (tx) => {
      const id = await repo.insertMessage(tx, { userId, topic: body.topic, body: body.body });
      await this.mail(tx, id);
      return id;
    });
    return { id, message: CONTACT_MESSAGES.received };
  }

  /** The operators' copy (CONTACT_MAIL_TO) and the sender's receipt, in the outbox (issue 26). */
  private async mail(tx: Db, id: number): Promise<void> {
    const m = await repo.messageForMail(tx, id);
    if (!m) return;
    await this.deps.outbox(tx, {
      to: { email: this.deps.operatorsEmail },
      kind: 'mail.contact_operators',
      record: `contact:${id}`,
      mail: contactMails.toOperators(m),
    });
    await this.deps.outbox(tx, {
      to: m.userId,
      kind: 'mail.contact_receipt',
      record: `contact:${id}`,
      mail: contactMails.receipt(m),
    });
  }

  /** Issue 25 (10): what `/support` shows the person: their own messages and how far each is handled. */
  async mine(userId: number) {
    return { items: await repo.listOwnMessages(this.db, userId, MY_CONTACT_LIMIT) };
  }

  list(query: HandlingListQuery) {
    return repo.listMessages(this.db, query);
  }

  async update(id: number, update: Required<HandlingUpdate>, staff: AuthContext): Promise<ContactItem> {
    // The handling and its audit row (issue 24) in one transaction.
    const item = await this.db.transaction(async (tx) => {
      const before = await repo.lockHandling(tx, id);
      if (!before) return null;
      const after = await repo.updateMessage(tx, id, update, staff.userId);
      await audit(tx, {
        actor: staff,
        action: 'contact.handle',
        table: 'contact_messages',
        id,
        before,
        after: { status: update.status, staff_note: update.staff_note },
      });
      return after;
    });
    if (!item) throw new HttpError(404, CONTACT_MESSAGES.notFound);
    return item;
  }
}
