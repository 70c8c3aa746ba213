// The call-rates domain's entry: routes and other domain folders import from here, never a file inside.
export { RATE_SLOT_MINUTES } from './rates';
export type { RateTable } from './rates';
export { destinationHasRates, lineRates, renameRateDestination, scheduleRate } from './rates-repository';
