/**
 * The part of a Stripe event the portal reads (stripe.com/docs/api/events/object). The route has checked
 * its signature; the object's fields are read defensively, as a type Stripe adds later may carry others.
 */
export interface ProviderEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, Stripe's time of the event. */
  created: number;
  data: { object: EventObject };
}

export type EventObject = { id?: unknown; object?: unknown } & Record<string, unknown>;

/** What applying one event did, kept on its row. */
export type EventOutcome =
  | 'applied'
  /** Nothing of ours matches (another system's PaymentIntent on the same Stripe account). */
  | 'unmatched'
  /** Decided already (the request answered first, a newer event came first, the card was emailed). */
  | 'no-change'
  /** Kept and ignored: a type the portal does not act on. */
  | 'ignored';

export interface Applied {
  outcome: EventOutcome;
  accountId: string | null;
}

export const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
export const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** A whole number an integer column holds (a card's expiry month and year): else null, never an SQL error. */
export const int = (value: unknown): number | null =>
  Number.isInteger(value) && Math.abs(value as number) <= 2 ** 31 - 1 ? (value as number) : null;
export const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** An id field that Stripe sends either as the id or, expanded, as the object. */
export const idOf = (value: unknown): string | null => str(value) ?? str(obj(value).id);
