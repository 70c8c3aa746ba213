// The billing domain's entry: routes and other domain folders import from here, never a file inside.
export { changeAddresses, putCardOnFile } from './billing-changes';
export { BILLING_SQL } from './billing-repository';
export { billingDataFrom, loadBillingData } from './billing-view';
export type { BillingRow } from './billing-repository';
export { customerKey, saveCard } from './card-setup';
