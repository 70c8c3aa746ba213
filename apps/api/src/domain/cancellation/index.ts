// The cancellation domain's entry (issue 64): routes and jobs import from here, never a file inside.
export { cancelWithReason, recordAlternative } from './cancel-with-reason';
export { keepFromLink } from './keep-link';
export { cancellationOffer, seasonalResumeDate } from './offers';
export { queueCancellationReminders } from './reminders';
export type { ReminderSettings } from './reminders';
export { cancellationReport } from './report';
