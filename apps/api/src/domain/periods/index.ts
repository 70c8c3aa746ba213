// The periods domain's entry: routes and other domain folders import from here, never a file inside.
export { forecastFigures } from './forecast-figures';
export { forecastOf, periodDays, periodModel } from './period-model';
export type { PeriodDays, PeriodLedger, PeriodModel } from './period-model';
