import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import type { Clock } from '../ports/clock';
import type { Mailer } from '../ports/mailer';
import { applyCardExpiring, applyCardUpdated } from './cards';
import { applyDisputeEvent } from './disputes';
import { applyIntentEvent } from './intents';
import { keepEvent } from './payment-events-repository';
import { str, type Applied, type EventOutcome, type ProviderEvent } from './provider-event';
import { applyChargeRefunded } from './refunds';
import { applySetupSucceeded, type SetupEventDeps } from './setup-intents';

export interface PaymentEventDeps extends SetupEventDeps {
  database: Transactional;
  clock: Clock;
  /** The portal's address (PUBLIC_URL): the pay link of a decline's email. */
  publicUrl: string;
  /** Wakes the delivery job in the transaction that queues an email (the customer hears at once). */
  mailer?: Pick<Mailer, 'wake'>;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

type Apply = (tx: Transactional, deps: PaymentEventDeps, event: ProviderEvent) => Promise<Applied>;

/** The event types the portal acts on (docs/billing.md, "Payments"); any other is kept and ignored. */
const APPLY: ReadonlyMap<string, Apply> = new Map<string, Apply>([
  ['payment_intent.succeeded', applyIntentEvent],
  ['payment_intent.payment_failed', applyIntentEvent],
  ['payment_intent.requires_action', applyIntentEvent],
  ['charge.refunded', applyChargeRefunded],
  ['charge.dispute.created', (tx, _deps, event) => applyDisputeEvent(tx, event)],
  ['charge.dispute.closed', (tx, _deps, event) => applyDisputeEvent(tx, event)],
  ['payment_method.automatically_updated', (tx, _deps, event) => applyCardUpdated(tx, event)],
  ['customer.source.expiring', applyCardExpiring],
  ['setup_intent.succeeded', applySetupSucceeded],
]);

/** The event types the portal acts on, for the docs and Stripe's endpoint settings. */
export const HANDLED_EVENT_TYPES: readonly string[] = [...APPLY.keys()];

/** A repeated delivery found while applying: its transaction is rolled back, nothing of it stays. */
class KeptBefore extends Error {}

/**
 * One verified event from the card provider: applied, then kept under its id with what applying it did,
 * in one transaction, so it is applied exactly when it is kept. A second delivery (Stripe retries, the
 * sandbox's doubles, two processes at once: the second insert waits for the first's commit) finds the
 * row and is rolled back, changing nothing. Keeping the row after the effect, with its outcome, is one
 * statement where it was two (kept as received, then its outcome): a duplicate is rare, and costs its
 * effect's statements once more before it is rolled back.
 */
export async function receiveProviderEvent(
  deps: PaymentEventDeps,
  event: ProviderEvent,
  /** The body as it came (the JSON the event was parsed from): kept as is, never serialised again. */
  rawBody?: string,
): Promise<{ duplicate: boolean; outcome: EventOutcome | 'duplicate' }> {
  const row = {
    id: event.id,
    type: event.type,
    objectId: str(event.data.object.id),
    created: new Date(event.created * 1000),
    payload: rawBody ?? JSON.stringify(event),
  };
  const apply = APPLY.get(event.type);
  // A type the portal ignores is kept by one statement, its own transaction: nothing else to apply.
  const answer = !apply
    ? (await keepEvent(deps.database, row, 'ignored', null))
      ? { duplicate: false, outcome: 'ignored' as const, accountId: null }
      : { duplicate: true, outcome: 'duplicate' as const, accountId: null }
    : await applyOnce(deps, event, row, apply);
  deps.log?.info(
    { eventId: event.id, type: event.type, outcome: answer.outcome, accountId: answer.accountId },
    'provider event',
  );
  return { duplicate: answer.duplicate, outcome: answer.outcome };
}

/** Applies the event and keeps it in one transaction, unless it was kept before. */
async function applyOnce(
  deps: PaymentEventDeps,
  event: ProviderEvent,
  row: Parameters<typeof keepEvent>[1],
  apply: Apply,
) {
  try {
    return await deps.database.transaction(async (tx) => {
      const applied = await apply(tx, deps, event);
      if (!(await keepEvent(tx, row, applied.outcome, applied.accountId))) throw new KeptBefore();
      return { duplicate: false, ...applied };
    });
  } catch (error) {
    if (error instanceof KeptBefore)
      return { duplicate: true, outcome: 'duplicate' as const, accountId: null };
    throw error;
  }
}
