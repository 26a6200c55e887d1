import { bankAccountAnswerSchema, type BankAccountInput } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/bank-account: registers or replaces the account payouts go to. */
export function saveBankAccount(body: BankAccountInput) {
  return call(bankAccountAnswerSchema, { method: 'PUT', path: '/api/bank-account', body });
}
