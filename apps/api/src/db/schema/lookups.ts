import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

// Keys that are unique across the whole service, which a table sharded by account cannot enforce: each
// has a small table keyed by the value itself (a Citus reference table, or one distributed by that
// value). Triggers from migration 0010 keep them in step with `people` and `invoices`, so every writer of
// those tables keeps the rule without knowing of it; each primary key keeps the name of the unique index
// it replaces, which is how a clash is told apart (users-repository, referral-repository).

/** A PIN reaches one person of one account: the telephony service sends only the PIN. */
export const pins = pgTable(
  'pins',
  {
    pin: text('pin').notNull(),
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [primaryKey({ name: 'people_pin_key', columns: [t.pin] })],
);

/** A sign-in email (lower case, people with a password) names one identity at the sign-in page. */
export const signInEmails = pgTable(
  'sign_in_emails',
  {
    email: text('email').notNull(),
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [primaryKey({ name: 'people_sign_in_email_key', columns: [t.email] })],
);

/** The identity provider's subject names one person at the session exchange. */
export const identitySubjects = pgTable(
  'identity_subjects',
  {
    subject: text('subject').notNull(),
    accountId: uuid('account_id').notNull(),
    personId: uuid('person_id').notNull(),
  },
  (t) => [primaryKey({ name: 'people_identity_subject_key', columns: [t.subject] })],
);

/** An invoice number is the seller's: one number, one invoice, across every account. */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    number: text('number').notNull(),
    accountId: uuid('account_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
  },
  (t) => [primaryKey({ name: 'invoices_number_key', columns: [t.number] })],
);
