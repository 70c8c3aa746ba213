// The mail domain's entry: routes and other domain folders import from here, never a file inside.
export { linkedText } from './email-html';
export { OUTBOX_COLUMNS, findEmail, newestEmails, outboxValues, queueEmail } from './outbox-repository';
export type { KeptEmail } from './outbox-repository';
