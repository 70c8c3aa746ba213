// The payment-events domain's entry: the card provider's webhooks, kept once and applied to the ledger.
export { CARD_EXPIRING_EMAIL_KIND } from './cards';
export type { EventOutcome, ProviderEvent } from './provider-event';
export { HANDLED_EVENT_TYPES, receiveProviderEvent } from './receive-event';
export type { PaymentEventDeps } from './receive-event';
export { PROVIDER_REFUND_EMAIL_KIND } from './refunds';
