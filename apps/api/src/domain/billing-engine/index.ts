// The billing-engine domain's entry: routes and other domain folders import from here, never a file inside.
export { grantReferralBonus } from './billing-engine';
export type { BillingDeps, BillingEngine } from './billing-engine';
export type { BillingEngines } from './billing-engines';
export { taxCents } from './invoice-issuer';
export type { InvoiceIssuer } from './invoice-issuer';
export { findInvoice, refundInvoice } from './invoices-repository';
export type { NewInvoice } from './invoices-repository';
export {
  bucketBalances,
  creditsLeft,
  insertLedgerEntries,
  periodUsage,
  usageFrom,
} from './ledger-repository';
export type { LedgerEntry, PeriodUsage, SumRow } from './ledger-repository';
export { rollOverDuePeriods } from './period-close';
export { collectDuePayments, retryWithNewCard } from './payment-collection-job';
export { collectionList, listSettings, upsertSetting } from './payment-collections-repository';
export type { CollectionSettingRow } from './payment-collections-repository';
export { awaitingOrder, insertOrder, lateUpgrade, startedUpgrade } from './period-start-orders-repository';
export { periodBoundary } from './periods';
export { settleFromProvider } from './provider-settlement';
export {
  claimDueReminders,
  dueResumes,
  endPause,
  insertPause,
  openPause,
  pausesSince,
  recordDecline,
} from './plan-pauses-repository';
export type { PauseRow, ReminderRow } from './plan-pauses-repository';
export { RESUME_REFUSALS, type ResumeActor } from './plan-resumes';
export type { PlanPeriod } from './periods';
export { lateUpgradeRefundKey } from './plan-upgrades';
export { findPlan, listAvailablePlans, toPlan } from './plans-repository';
export type { Plan, PlanRow } from './plans-repository';
export { PERSON_WAIT_MS } from './payment-terms';
export { prorate } from './proration';
export type { Proration } from './proration';
export {
  findRefundAttempt,
  insertRefundAttempt,
  lockRefundableInvoice,
  overdueRefundAttempts,
  refundNotice,
  resolveRefundAttempt,
} from './refund-attempts-repository';
export type { RefundAttemptRow } from './refund-attempts-repository';
export { drawCredits } from './rules';
export {
  currentAndPreviousPeriods,
  currentPeriod,
  findSubscription,
  unsettledPeriods,
} from './subscription-periods-repository';
export type { OpenPeriod, SubscriptionRow } from './subscription-periods-repository';
