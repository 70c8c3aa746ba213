// The periods domain's entry: routes and other domain folders import from here, never a file inside.
export { forecastFigures } from './forecast-figures';
export { forecastOf, pausedStretchModel, periodDays, periodModel } from './period-model';
export type { PausedStretchModel, PeriodDays, PeriodLedger, PeriodModel } from './period-model';
export { pausedAt, planStateAt } from './plan-state';
export type { PauseBounds, PlanStateAt } from './plan-state';
