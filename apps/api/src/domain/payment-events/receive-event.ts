import type { FastifyBaseLogger } from 'fastify';
import type { Transactional } from '../../db/handle';
import type { Clock } from '../ports/clock';
import type { Mailer } from '../ports/mailer';
import { receiveCardExpiring, receiveCardUpdated } from './cards';
import { applyDisputeEvent } from './disputes';
import { receiveIntentEvent } from './intents';
import { applyOnce, keepAlone, type Received } from './keep-once';
import type { KeptEvent } from './payment-events-repository';
import { str, type EventOutcome, type ProviderEvent } from './provider-event';
import { receiveChargeRefunded } from './refunds';
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

/**
 * Receives one event of a type: applies it and keeps it under its id, atomically, once. Most run their
 * effect and the keeping in one transaction (applyOnce); the events Stripe sends most (card updates,
 * expiry notices, refunds recorded already) are kept, and applied, by one statement when that is enough
 * (cards.ts, refunds.ts): a round trip instead of four or five.
 */
type Receive = (deps: PaymentEventDeps, event: ProviderEvent, row: KeptEvent) => Promise<Received>;

/** The event types the portal acts on (docs/billing.md, "Payments"); any other is kept and ignored. */
const RECEIVE: ReadonlyMap<string, Receive> = new Map<string, Receive>([
  ['payment_intent.succeeded', receiveIntentEvent],
  ['payment_intent.payment_failed', receiveIntentEvent],
  ['payment_intent.requires_action', receiveIntentEvent],
  ['charge.refunded', receiveChargeRefunded],
  ['charge.dispute.created', inTransaction((tx, _deps, event) => applyDisputeEvent(tx, event))],
  ['charge.dispute.closed', inTransaction((tx, _deps, event) => applyDisputeEvent(tx, event))],
  ['payment_method.automatically_updated', receiveCardUpdated],
  ['customer.source.expiring', receiveCardExpiring],
  ['setup_intent.succeeded', inTransaction(applySetupSucceeded)],
]);

/** The event types the portal acts on, for the docs and Stripe's endpoint settings. */
export const HANDLED_EVENT_TYPES: readonly string[] = [...RECEIVE.keys()];

function inTransaction(
  apply: (
    tx: Transactional,
    deps: PaymentEventDeps,
    event: ProviderEvent,
  ) => Promise<{ outcome: EventOutcome; accountId: string | null }>,
): Receive {
  return (deps, event, row) => applyOnce(deps.database, row, (tx) => apply(tx, deps, event));
}

/**
 * One verified event from the card provider: applied and kept under its id with what applying it did,
 * atomically, so it is applied exactly when it is kept. A second delivery (Stripe retries, the sandbox's
 * doubles, two processes at once: the second insert waits for the first's commit) finds the row and
 * changes nothing.
 */
export async function receiveProviderEvent(
  deps: PaymentEventDeps,
  event: ProviderEvent,
  /** The body as it came (the JSON the event was parsed from): kept as is, never serialised again. */
  rawBody?: string,
): Promise<{ duplicate: boolean; outcome: EventOutcome | 'duplicate' }> {
  const row: KeptEvent = {
    id: event.id,
    type: event.type,
    objectId: str(event.data.object.id),
    created: new Date(event.created * 1000),
    payload: rawBody ?? JSON.stringify(event),
  };
  const receive = RECEIVE.get(event.type);
  // A type the portal ignores is kept by one statement: nothing else to apply.
  const answer = receive ? await receive(deps, event, row) : await keepAlone(deps.database, row, 'ignored');
  deps.log?.info(
    { eventId: event.id, type: event.type, outcome: answer.outcome, accountId: answer.accountId },
    'provider event',
  );
  return { duplicate: answer.outcome === 'duplicate', outcome: answer.outcome };
}
