import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import type { Clock } from '../ports/clock';
import type { Mailer } from '../ports/mailer';
import { applyCardExpiring, applyCardUpdated } from './cards';
import { applyDisputeEvent } from './disputes';
import { applyIntentEvent } from './intents';
import { keepEvent, setEventOutcome } from './payment-events-repository';
import { str, type Applied, type EventOutcome, type ProviderEvent } from './provider-event';
import { applyChargeRefunded } from './refunds';

export interface PaymentEventDeps {
  database: Transactional;
  clock: Clock;
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
]);

/** The event types the portal acts on, for the docs and Stripe's endpoint settings. */
export const HANDLED_EVENT_TYPES: readonly string[] = [...APPLY.keys()];

/**
 * One verified event from the card provider: kept under its id and applied in one transaction, so it
 * is applied exactly when it is kept. A second delivery (Stripe retries, the sandbox's doubles, two
 * processes at once: the second insert waits for the first's commit) finds the row and changes nothing.
 */
export async function receiveProviderEvent(
  deps: PaymentEventDeps,
  event: ProviderEvent,
): Promise<{ duplicate: boolean; outcome: EventOutcome | 'duplicate' }> {
  const row = {
    id: event.id,
    type: event.type,
    objectId: str(event.data.object.id),
    created: new Date(event.created * 1000),
    payload: event,
  };
  const apply = APPLY.get(event.type);
  // A type the portal ignores is kept by one statement, its own transaction: nothing else to apply.
  const answer = !apply
    ? (await keepEvent(deps.database, row, 'ignored'))
      ? { duplicate: false, outcome: 'ignored' as const, accountId: null }
      : { duplicate: true, outcome: 'duplicate' as const, accountId: null }
    : await applyOnce(deps, event, row, apply);
  deps.log?.info(
    { eventId: event.id, type: event.type, outcome: answer.outcome, accountId: answer.accountId },
    'provider event',
  );
  return { duplicate: answer.duplicate, outcome: answer.outcome };
}

/** Keeps the event and applies it in one transaction, unless it was kept before. */
function applyOnce(
  deps: PaymentEventDeps,
  event: ProviderEvent,
  row: Parameters<typeof keepEvent>[1],
  apply: Apply,
) {
  return deps.database.transaction(async (tx) => {
    if (!(await keepEvent(tx, row)))
      return { duplicate: true, outcome: 'duplicate' as const, accountId: null };
    const applied = await apply(tx, deps, event);
    await setEventOutcome(tx, event.id, applied.outcome, applied.accountId);
    return { duplicate: false, ...applied };
  });
}
