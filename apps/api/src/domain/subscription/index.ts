// The subscription domain's entry: routes and other domain folders import from here, never a file inside.
export { currentForecast, forecastAndAdvice, periodForecast } from './plan-advisor';
export { applyUpgrade, upgradeMessages, upgradeQuote } from './plan-upgrade';
export {
  applyCancel,
  applyKeep,
  applyPlanChange,
  cancelPreview,
  keepPreview,
  planChange,
} from './subscription-changes';
export type { ChangeNote } from './subscription-activity';
export { subscriptionInfo, subscriptionInfoFrom } from './subscription-info';
export type { FullSubscriptionInfo } from './subscription-info';
export { SNAPSHOT_SQL, getSubscriptionStatus } from './subscriptions-repository';
export type { SnapshotRow } from './subscriptions-repository';
