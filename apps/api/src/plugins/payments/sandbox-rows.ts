import type { ChargeResult } from '../../domain/ports/payment-provider';
import { sandboxClientSecret } from './sandbox-cards';
import type { SandboxSetupIntent } from './sandbox-store';

// The rows of the sandbox's tables as sandbox-charges-repository.ts reads them, and the records they are.

export interface ChargeRow {
  id: string;
  status: 'succeeded' | 'failed' | 'requires_action';
  failure_code: string | null;
  failure_message: string | null;
  card_brand: string;
  card_last4: string;
}

export const toResult = (row: ChargeRow): ChargeResult => {
  const card = { brand: row.card_brand, last4: row.card_last4 };
  if (row.status === 'requires_action')
    return { status: 'requires_action', id: row.id, clientSecret: sandboxClientSecret(row.id), card };
  return row.status === 'succeeded'
    ? { status: 'succeeded', id: row.id, card }
    : { status: 'failed', id: row.id, code: row.failure_code!, message: row.failure_message!, card };
};

export const CHARGE_COLUMNS = 'id, status, failure_code, failure_message, card_brand, card_last4';

export interface SetupIntentRow {
  id: string;
  customer_id: string;
  status: SandboxSetupIntent['status'];
  payment_method_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
}

export const SETUP_COLUMNS = 'id, customer_id, status, payment_method_id, failure_code, failure_message';

export const toIntent = (row: SetupIntentRow): SandboxSetupIntent => ({
  id: row.id,
  customerId: row.customer_id,
  status: row.status,
  paymentMethodId: row.payment_method_id,
  failureCode: row.failure_code,
  failureMessage: row.failure_message,
});
