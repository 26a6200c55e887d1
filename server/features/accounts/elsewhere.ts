import type { Db } from '../../platform/db/client.ts';

/**
 * What the accounts feature asks of other features (ADR 0182): their rows about a person change through
 * their services, in accounts' transaction (`tx`). setup.ts fills it from the app's decorated services.
 */
export interface AccountsElsewhere {
  /** A person leaves: their SNS accounts (supporters), sealed bank account (money), favourites and company memberships (shops) go. */
  personLeft(tx: Db, userId: number): Promise<void>;
  /** The referral shop becomes the person's favourite (shops; product design section 6). */
  addFavourite(tx: Db, userId: number, shopId: number, at: Date): Promise<void>;
}
