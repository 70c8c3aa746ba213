import { sql } from 'drizzle-orm';
import { STAFF_ROLES, TAX_STATUSES } from '@enq/contract';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, sameAccountReference, ts } from './columns';
import { holdMusic } from './catalogue';

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // active | suspended | closed: set by the operator; 'suspended' and 'closed' raise the inactive banner.
    status: text('status').notNull().default('active'),
    // Addresses as the page edits them ({ line1, line2, city, state, postal_code, country }); null until set.
    serviceAddress: jsonb('service_address'),
    billingAddress: jsonb('billing_address'),
    // Set by the operator: a closed set (migration 0015), so a value such as 'Non-exempt' cannot exist.
    taxStatus: text('tax_status', { enum: TAX_STATUSES }).notNull().default('taxable'),
    // What an exempt account is exempt under (a certificate or letter number); printed on its invoices.
    taxExemptionReference: text('tax_exemption_reference'),
    /**
     * The card provider's Customer for the account (Stripe's, or the sandbox's): made once, on the first
     * card saved, with an idempotency key derived from the account id (domain/billing/provider-customer.ts).
     */
    providerCustomerId: text('provider_customer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('accounts_created_at_idx').on(t.createdAt),
    // One account per Customer: a charge naming it can only be this account's.
    index('accounts_provider_customer_id_idx').on(t.providerCustomerId),
    check('accounts_tax_status_check', sql`${t.taxStatus} in ('taxable', 'exempt')`),
    check(
      'accounts_tax_exemption_reference_check',
      sql`${t.taxExemptionReference} is null or (${t.taxStatus} = 'exempt' and btrim(${t.taxExemptionReference}) <> '')`,
    ),
  ],
);

/**
 * The account staff identities belong to (made by migration 0010 and the seed, status 'closed'): every
 * person has an account, so people can be sharded by account like the rest (docs/scaling.md).
 */
export const STAFF_ACCOUNT_ID = '00000000-0000-0000-0000-000000000000';

/**
 * Everyone who has a PIN or signs in: the account holder (admin), sub-account users, and staff
 * identities (in the staff account). Only people with a password hash can sign in to the embedded
 * provider. Keys that are unique service-wide (PIN, sign-in email, identity subject) are held by the
 * lookup tables in lookups.ts; the indexes here only find rows.
 */
export const people = pgTable(
  'people',
  {
    id: uuid('id').notNull().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    pin: text('pin'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    // A staff identity's role in the operator console (contract admin/staff.ts); null for customers.
    staffRole: text('staff_role', { enum: STAFF_ROLES }),
    // The identity provider's `sub` for this person (the embedded provider uses the person's id).
    identitySubject: text('identity_subject'),
    passwordHash: text('password_hash'),
    holdMusic: text('hold_music').references(() => holdMusic.value),
    // Log Out and password resets: ID tokens issued before this are refused at the session exchange.
    sessionsRevokedAt: ts('sessions_revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The id leads every account-owned key: lookups by id alone still use it (Citus needs only that the
    // key contains account_id, not that it comes first).
    primaryKey({ columns: [t.id, t.accountId] }),
    uniqueIndex('people_account_email_key').on(t.accountId, sql`lower(${t.email})`),
    index('people_pin_idx').on(t.pin),
    // The console's search by any person's email (0032).
    index('people_email_key_idx').on(sql`lower(${t.email})`),
    index('people_identity_subject_idx').on(t.identitySubject),
    index('people_sign_in_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.passwordHash} is not null`),
    check(
      'people_staff_role_check',
      sql`(${t.isStaff} and ${t.staffRole} in ('support', 'finance', 'admin')) or (not ${t.isStaff} and ${t.staffRole} is null)`,
    ),
    uniqueIndex('people_one_admin_per_account')
      .on(t.accountId)
      .where(sql`${t.isAdmin}`),
  ],
);

/**
 * Profile fields beyond what the Users page keeps (full_name, email): first and last name as the person
 * typed them, their phone, and the account's company and billing CC email. One row per person, made on
 * first save; until then the profile is derived from the person and the account.
 */
export const profiles = pgTable(
  'profiles',
  {
    personId: uuid('person_id').notNull(),
    accountId: uuid('account_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    billingCcEmail: text('billing_cc_email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''), // E.164, or '' when none
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.accountId] }),
    sameAccountReference('profiles_person_fk', t.personId, t.accountId, people).onDelete('cascade'),
  ],
);
