import type { Transactional } from '../../db/handle';
import type {
  ChargeRequest,
  ChargeResult,
  RefundRequest,
  RefundResult,
} from '../../domain/ports/payment-provider';
import type { SandboxChargeStore } from './sandbox';

interface ChargeRow {
  id: string;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  card_brand: string;
  card_last4: string;
}

const toResult = (row: ChargeRow): ChargeResult => {
  const card = { brand: row.card_brand, last4: row.card_last4 };
  return row.status === 'succeeded'
    ? { status: 'succeeded', id: row.id, card }
    : { status: 'failed', id: row.id, code: row.failure_code!, message: row.failure_message!, card };
};

/**
 * The sandbox's charges in `sandbox_charges`, outside the portal's transactions (each statement commits
 * by itself, as a call to Stripe would): every process on the database sees one record per key.
 */
export class SqlChargeStore implements SandboxChargeStore {
  /** `database` is asked for at each charge: a server's is opened after its billing is composed. */
  constructor(private readonly database: () => Transactional) {}

  async record(request: ChargeRequest, result: ChargeResult): Promise<ChargeResult> {
    const failed = result.status === 'failed' ? result : null;
    const [inserted] = await this.database().query<ChargeRow>(
      `insert into sandbox_charges (idempotency_key, id, attempt_id, payment_method_id, amount_cents, status,
                                    failure_code, failure_message, card_brand, card_last4)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (idempotency_key) do nothing
       returning id, status, failure_code, failure_message, card_brand, card_last4`,
      [
        request.idempotencyKey,
        result.id,
        request.attemptId,
        request.paymentMethodId,
        request.amountCents,
        result.status,
        failed?.code ?? null,
        failed?.message ?? null,
        result.card.brand,
        result.card.last4,
      ],
      { prepare: true },
    );
    // Nothing inserted: a charge under this key stands already, and it is the answer.
    return inserted ? toResult(inserted) : (await this.find(request))!;
  }

  async find(request: Pick<ChargeRequest, 'idempotencyKey'>): Promise<ChargeResult | null> {
    const [row] = await this.database().query<ChargeRow>(
      `select id, status, failure_code, failure_message, card_brand, card_last4
         from sandbox_charges where idempotency_key = $1`,
      [request.idempotencyKey],
      { prepare: true },
    );
    return row ? toResult(row) : null;
  }

  async recordRefund(request: RefundRequest, id: string): Promise<{ result: RefundResult; made: boolean }> {
    const inserted = await this.database().query(
      `insert into sandbox_refunds (idempotency_key, id, charge_id, amount_cents)
       values ($1, $2, $3, $4) on conflict (idempotency_key) do nothing returning id`,
      [request.idempotencyKey, id, request.chargeId, request.amountCents],
    );
    // Nothing inserted: a refund under this key stands already, and it is the answer.
    const [row] = await this.database().query<{ id: string }>(
      'select id from sandbox_refunds where idempotency_key = $1',
      [request.idempotencyKey],
    );
    return { result: { status: 'succeeded', id: row!.id }, made: inserted.length > 0 };
  }
}
