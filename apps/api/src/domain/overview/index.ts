// The overview domain's entry: routes and other domain folders import from here, never a file inside.
export { dismissedKeys, saveDismissal } from './notification-dismissals-repository';
export { dismissNotice } from './notices';
export { loadOverview } from './overview';
