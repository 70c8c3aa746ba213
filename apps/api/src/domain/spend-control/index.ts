// The spend-control domain's entry: routes and other domain folders import from here, never a file inside.
export { evaluateSpendAlerts } from './alerts';
export { dismissSpendAlert, saveSpendSettings, spendControlState, spendingCapCents } from './spend-control';
export { callerSpendLimits } from './spend-control-repository';
export type { BatchSpend } from './spend-control-repository';
export { saveUserCreditLimit } from './user-limits';
