/** What kind of refusal a domain error is; plugins/errors maps each kind to its HTTP status. */
export type DomainErrorKind =
  | 'invalid'
  /** No live sign-in (or service key) came with the request. */
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  /** Too many tries: the message says how long to wait. */
  | 'rate-limited'
  /** A card was refused when it was added: nothing was charged. */
  | 'card-declined'
  /** A charge was declined (or could not be made): nothing it would have paid for happened. */
  | 'payment-failed'
  /** A charge's answer is not known yet: what it pays for happens once it is confirmed. */
  | 'payment-pending';

/**
 * A request refused, with a message meant for the person using the portal (and the field it concerns,
 * when one does): the one error type the domain, routes and plugins throw on purpose. None of them
 * speaks HTTP; plugins/errors.ts turns the kind into a status and the error envelope.
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
