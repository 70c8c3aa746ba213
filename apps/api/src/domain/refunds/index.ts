// The refunds domain's entry: routes and other domain folders import from here, never a file inside.
export { refundFromConsole } from './account-refunds';
export type { RefundDeps } from './account-refunds';
