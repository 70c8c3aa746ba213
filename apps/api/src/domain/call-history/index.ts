// The call-history domain's entry: routes and other domain folders import from here, never a file inside.
export { callsCsvStream } from './calls-csv';
export { listCallsPage } from './calls-page-repository';
export type { CallRange } from './calls-range-repository';
export {
  accountUserNames,
  insertCalls,
  invoiceRange,
  rangeTotals,
  storedCallUuids,
} from './calls-repository';
export { callUsage } from './usage';
