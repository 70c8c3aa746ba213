// The activity domain's entry: routes and other domain folders import from here, never a file inside.
export { activityCsvFile, activityPage } from './activity-log';
export { recordActivity } from './activity-repository';
export type { ActivityEntryInput } from './activity-repository';
