/**
 * Product design section 5 (Price): the shop pays the rewards plus a platform fee of 30% of the rewards,
 * and consumption tax of 10% on both. Yen are integers; the fee and the tax are rounded down (ADR 0033).
 */
export const PLATFORM_FEE_RATE = 0.3;
export const TAX_RATE = 0.1;
export const STANDARD_REWARD = 100;
/** Product design section 3: the first request of a new shop, 10 units at the standard reward, fee waived. */
export const FIRST_AD_UNITS = 10;

export type Quote = {
  units: number;
  reward: number;
  rewards: number;
  fee: number;
  subtotal: number;
  tax: number;
  total: number;
};

export function quote(units: number, reward = STANDARD_REWARD, feeWaived = false): Quote {
  const rewards = units * reward;
  const fee = feeWaived ? 0 : Math.floor(rewards * PLATFORM_FEE_RATE);
  const subtotal = rewards + fee;
  const tax = Math.floor(subtotal * TAX_RATE);
  return { units, reward, rewards, fee, subtotal, tax, total: subtotal + tax };
}
