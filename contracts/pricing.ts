/**
 * Product design section 5 (Price), one rule for the server's bill, the wizard's step 4 and /price: the
 * shop pays the rewards, a platform fee of 30 % of the rewards, and 10 % consumption tax on both. Yen are
 * integers; the fee and the tax are rounded down once each (ADR 0033, kept; ADR 0061 moves it here and
 * computes in integers, because `70 * 0.3` is 20.999… in floating point and would lose a yen).
 */
export const PLATFORM_FEE_PERCENT = 30;
export const TAX_PERCENT = 10;
/** Kept for the price page's wording. */
export const PLATFORM_FEE_RATE = PLATFORM_FEE_PERCENT / 100;
export const TAX_RATE = TAX_PERCENT / 100;
/** Product design section 5: the standard reward per approved post, also the minimum. */
export const STANDARD_REWARD = 100;
/** Product design section 3: the first request of a new shop, 10 units at the standard reward, fee waived. */
export const FIRST_AD_UNITS = 10;
/** The price page's estimate (/price) takes up to this many posts. */
export const ESTIMATE_MAX_UNITS = 10_000;

export type Quote = {
  units: number;
  reward: number;
  rewards: number;
  fee: number;
  subtotal: number;
  tax: number;
  total: number;
};

/** Integer percentage, rounded down, without floating point. */
const percentOf = (amount: number, percent: number) => Math.floor((amount * percent) / 100);

export function quote(units: number, reward: number = STANDARD_REWARD, feeWaived = false): Quote {
  const rewards = units * reward;
  const fee = feeWaived ? 0 : percentOf(rewards, PLATFORM_FEE_PERCENT);
  const subtotal = rewards + fee;
  const tax = percentOf(subtotal, TAX_PERCENT);
  return { units, reward, rewards, fee, subtotal, tax, total: subtotal + tax };
}
