import type { Transactional } from '../../db/handle';
import type {
  ChargeRequest,
  ChargeResult,
  RefundRequest,
  RefundResult,
} from '../../domain/ports/payment-provider';
import type { SandboxEvent } from './sandbox-event-objects';
import {
  CHARGE_COLUMNS,
  SETUP_COLUMNS,
  toIntent,
  toResult,
  type ChargeRow,
  type SetupIntentRow,
} from './sandbox-rows';
import type {
  AuthenticatedCharge,
  RefundedCharge,
  SandboxChargeStore,
  SandboxSetupIntent,
} from './sandbox-store';

/** Inserts the events given as a json array ($n), in their order, for each row of `source` (a CTE). */
const insertEvents = (param: string, source: string) =>
  `insert into sandbox_events (id, type, payload)
   select x->>'id', x->>'type', x from jsonb_array_elements(${param}::jsonb) with ordinality as t(x, n), ${source}
    order by n`;

/**
 * The sandbox's charges in `sandbox_charges` (and its customers, SetupIntents and attachments in
 * theirs), outside the portal's transactions (each statement commits by itself, as a call to Stripe
 * would): every process on the database sees one record per key.
 */
export class SqlChargeStore implements SandboxChargeStore {
  /** `database` is asked for at each charge: a server's is opened after its billing is composed. */
  constructor(private readonly database: () => Transactional) {}

  async record(
    request: ChargeRequest,
    result: ChargeResult,
    events: SandboxEvent[] = [],
  ): Promise<ChargeResult | null> {
    const failed =
      result.status === 'failed'
        ? result
        : result.status === 'requires_action'
          ? { code: 'authentication_required', message: 'This payment requires authentication.' }
          : null;
    // One statement: the charge and its events stand together or not at all (a crash loses neither),
    // and only when its payment method is attached to no Customer or to the one it names.
    const [inserted] = await this.database().query<ChargeRow>(
      `with c as (
         insert into sandbox_charges (idempotency_key, id, attempt_id, payment_method_id, amount_cents, status,
                                      failure_code, failure_message, card_brand, card_last4, customer_id)
         select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
          where not exists (select 1 from sandbox_payment_methods
                             where id = $4 and customer_id is distinct from $11::text)
         on conflict (idempotency_key) do nothing
         returning ${CHARGE_COLUMNS}
       ), e as (${insertEvents('$12', 'c')})
       select * from c`,
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
        request.customerId,
        JSON.stringify(events),
      ],
      { prepare: true },
    );
    if (inserted) return toResult(inserted);
    // Nothing inserted: the payment method is another Customer's, or a charge under this key stands
    // already, and it is the answer.
    const owner = await this.attachedTo(request.paymentMethodId);
    if (owner !== null && owner !== request.customerId) return null;
    return (await this.find(request))!;
  }

  async find(request: Pick<ChargeRequest, 'idempotencyKey'>): Promise<ChargeResult | null> {
    const [row] = await this.database().query<ChargeRow>(
      `select ${CHARGE_COLUMNS} from sandbox_charges where idempotency_key = $1`,
      [request.idempotencyKey],
      { prepare: true },
    );
    return row ? toResult(row) : null;
  }

  async findById(id: string): Promise<ChargeResult | null> {
    const [row] = await this.database().query<ChargeRow>(
      `select ${CHARGE_COLUMNS} from sandbox_charges where id = $1`,
      [id],
    );
    return row ? toResult(row) : null;
  }

  async authenticateCharge(
    id: string,
    outcome: { code: string; message: string } | null,
    events?: (charge: AuthenticatedCharge) => SandboxEvent[],
  ): Promise<void> {
    // Only a charge still waiting changes: a second answer from the bank's page (a resent form) is void.
    // The change and its events commit together.
    await this.database().transaction(async (tx) => {
      const [changed] = await tx.query<{ amount_cents: number; attempt_id: string }>(
        `update sandbox_charges set status = $2, failure_code = $3, failure_message = $4
          where id = $1 and status = 'requires_action' returning amount_cents, attempt_id`,
        [id, outcome ? 'failed' : 'succeeded', outcome?.code ?? null, outcome?.message ?? null],
      );
      if (changed && events)
        await this.insertEvents(
          tx,
          events({ amountCents: changed.amount_cents, attemptId: changed.attempt_id }),
        );
    });
  }

  async recordRefund(
    request: RefundRequest,
    id: string,
    events?: (charge: RefundedCharge) => SandboxEvent[],
  ): Promise<{ result: RefundResult; made: boolean }> {
    // The refund and its charge.refunded event commit together; the event carries the charge's total.
    const inserted = await this.database().transaction(async (tx) => {
      const made = await tx.query(
        `insert into sandbox_refunds (idempotency_key, id, charge_id, amount_cents)
         values ($1, $2, $3, $4) on conflict (idempotency_key) do nothing returning id`,
        [request.idempotencyKey, id, request.chargeId, request.amountCents],
      );
      if (!made.length || !events) return made;
      const [charge] = await tx.query<{ amount_cents: number; attempt_id: string | null; refunded: number }>(
        `select c.amount_cents, c.attempt_id,
                (select sum(amount_cents) from sandbox_refunds where charge_id = c.id)::int as refunded
           from sandbox_charges c where c.id = $1 limit 1`,
        [request.chargeId],
      );
      if (charge)
        await this.insertEvents(
          tx,
          events({
            amountCents: charge.amount_cents,
            attemptId: charge.attempt_id,
            refundedCents: charge.refunded,
          }),
        );
      return made;
    });
    // Nothing inserted: a refund under this key stands already, and it is the answer.
    const [row] = await this.database().query<{ id: string }>(
      'select id from sandbox_refunds where idempotency_key = $1',
      [request.idempotencyKey],
    );
    return { result: { status: 'succeeded', id: row!.id }, made: inserted.length > 0 };
  }

  async recordCustomer(idempotencyKey: string, id: string): Promise<string> {
    await this.database().query(
      'insert into sandbox_customers (idempotency_key, id) values ($1, $2) on conflict (idempotency_key) do nothing',
      [idempotencyKey, id],
    );
    // Whichever insert came first made the customer; every caller with the key gets that one.
    const [row] = await this.database().query<{ id: string }>(
      'select id from sandbox_customers where idempotency_key = $1',
      [idempotencyKey],
    );
    return row!.id;
  }

  async recordSetupIntent(idempotencyKey: string, intent: SandboxSetupIntent): Promise<SandboxSetupIntent> {
    await this.database().query(
      `insert into sandbox_setup_intents (id, idempotency_key, customer_id, status)
       values ($1, $2, $3, $4) on conflict (idempotency_key) do nothing`,
      [intent.id, idempotencyKey, intent.customerId, intent.status],
    );
    const [row] = await this.database().query<SetupIntentRow>(
      `select ${SETUP_COLUMNS} from sandbox_setup_intents where idempotency_key = $1`,
      [idempotencyKey],
    );
    return toIntent(row!);
  }

  async findSetupIntent(id: string): Promise<SandboxSetupIntent | null> {
    const [row] = await this.database().query<SetupIntentRow>(
      `select ${SETUP_COLUMNS} from sandbox_setup_intents where id = $1`,
      [id],
    );
    return row ? toIntent(row) : null;
  }

  async settleSetupIntent(
    id: string,
    outcome: Pick<SandboxSetupIntent, 'status' | 'paymentMethodId' | 'failureCode' | 'failureMessage'>,
    events: SandboxEvent[] = [],
  ): Promise<SandboxSetupIntent> {
    // A succeeded intent is final: a second confirmation racing the first leaves it as it was, and
    // sends nothing again.
    await this.database().query(
      `with u as (
         update sandbox_setup_intents set status = $2, payment_method_id = $3, failure_code = $4, failure_message = $5
          where id = $1 and status <> 'succeeded' returning id
       ) ${insertEvents('$6', 'u')}`,
      [
        id,
        outcome.status,
        outcome.paymentMethodId,
        outcome.failureCode,
        outcome.failureMessage,
        JSON.stringify(events),
      ],
    );
    return (await this.findSetupIntent(id))!;
  }

  async attach(paymentMethodId: string, customerId: string, authenticated = false): Promise<string> {
    await this.database().query(
      `insert into sandbox_payment_methods (id, customer_id, saved_with_authentication) values ($1, $2, $3)
       on conflict (id) do nothing`,
      [paymentMethodId, customerId, authenticated],
    );
    return (await this.attachedTo(paymentMethodId))!;
  }

  async savedWithAuthentication(paymentMethodId: string): Promise<boolean> {
    const [row] = await this.database().query<{ saved_with_authentication: boolean }>(
      'select saved_with_authentication from sandbox_payment_methods where id = $1',
      [paymentMethodId],
    );
    return row?.saved_with_authentication ?? false;
  }

  async attachedTo(paymentMethodId: string): Promise<string | null> {
    const [row] = await this.database().query<{ customer_id: string }>(
      'select customer_id from sandbox_payment_methods where id = $1',
      [paymentMethodId],
      { prepare: true },
    );
    return row?.customer_id ?? null;
  }

  async setDefault(customerId: string, paymentMethodId: string): Promise<void> {
    await this.database().query('update sandbox_customers set default_payment_method_id = $2 where id = $1', [
      customerId,
      paymentMethodId,
    ]);
  }

  private async insertEvents(q: Transactional, events: SandboxEvent[]): Promise<void> {
    if (events.length)
      await q.query(`with one as (select 1) ${insertEvents('$1', 'one')}`, [JSON.stringify(events)]);
  }

  queueEvents(events: SandboxEvent[]): Promise<void> {
    return this.insertEvents(this.database(), events);
  }

  async claimEvents(options: {
    limit: number;
    leaseMs: number;
    lateMs: number;
    delivered: string[];
  }): Promise<SandboxEvent[]> {
    // skip locked: two processes delivering at once take different events. The events just delivered
    // are leased, so the claim (which sees the table as the statement began) never takes them again.
    const rows = await this.database().query<{ seq: string; payload: SandboxEvent }>(
      `with delivered as (
         update sandbox_events set delivered_at = now(), lease_until = null where id = any($4::text[])
       ), due as (
         select seq from sandbox_events
          where delivered_at is null and (lease_until is null or lease_until < now())
            and not (id = any($4::text[]))
            -- Not before the event's own time (a dispute comes after its charge), nor before lateMs after it.
            and to_timestamp((payload->>'created')::double precision)
                <= now() - make_interval(secs => $2::double precision / 1000)
          order by seq limit $1 for update skip locked
       )
       update sandbox_events e set lease_until = now() + make_interval(secs => $3::double precision / 1000),
              deliveries = deliveries + 1
         from due where e.seq = due.seq
       returning e.seq, e.payload`,
      [options.limit, options.lateMs, options.leaseMs, options.delivered],
      { prepare: true },
    );
    // update … returning keeps no order: the oldest first, as Stripe sends them.
    return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => r.payload);
  }
}
