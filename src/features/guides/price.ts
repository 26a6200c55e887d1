/** The price rule lives in contracts/pricing.ts (ADR 0061): the server's bill and the wizard use it too. */
export {
  FIRST_AD_UNITS,
  PLATFORM_FEE_RATE,
  type Quote,
  quote,
  STANDARD_REWARD,
  TAX_RATE,
} from '../../../contracts/pricing.ts';
