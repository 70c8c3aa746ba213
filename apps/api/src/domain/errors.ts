/** What kind of refusal a domain error is; plugins/errors maps each kind to its HTTP status. */
export type DomainErrorKind =
  | 'invalid'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  /** A charge was declined (or could not be made): nothing it would have paid for happened. */
  | 'payment-failed'
  /** A charge's answer is not known yet: what it pays for happens once it is confirmed. */
  | 'payment-pending';

/**
 * A request the domain refuses, with a message meant for the person using the portal (and the field it
 * concerns, when one does). Domain code throws these; it never speaks HTTP.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
