// The pause domain's entry (docs/billing.md, "Pausing a plan"): routes, jobs and other domain folders
// import from here, never a file inside.
export { pauseState, requestPause, resumeNow } from './pause-requests';
export type { PauseActor } from './pause-requests';
export { checkPause, monthsAllowed, pauseRefusal } from './pause-rules';
export { pauseInfoFrom } from './pause-view';
export type { PauseFields } from './pause-view';
export { resumeDuePauses } from './resume-due';
export { PAUSE_REMINDER_KIND, remindDueResumes } from './resume-reminders';
