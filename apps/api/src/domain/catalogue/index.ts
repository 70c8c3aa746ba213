// The catalogue domain's entry: routes and other domain folders import from here, never a file inside.
export { addLine, catalogueLines, editLine, editMarket } from './catalogue-lines';
export { cataloguePlans, schedulePlanVersion } from './catalogue-plans';
export { catalogueRates, scheduleRateChange } from './catalogue-rates';
export { upcomingVersions } from './plan-versions-repository';
