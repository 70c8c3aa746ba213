import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  // active | suspended | closed: set by the operator; 'suspended' and 'closed' raise the inactive banner.
  status: text('status').notNull().default('active'),
  // Addresses as the page edits them ({ line1, line2, city, state, postal_code, country }); null until set.
  serviceAddress: jsonb('service_address'),
  billingAddress: jsonb('billing_address'),
  taxStatus: text('tax_status').notNull().default('Taxable'),
  /** The card provider's customer id (Stripe), when the provider keeps customers. */
  providerCustomerId: text('provider_customer_id'),
  createdAt: createdAt(),
});

/**
 * Everyone who has a PIN or signs in: the account holder (admin), sub-account users, and staff
 * identities (no account). Only people with a password hash can sign in to the embedded provider.
 */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    pin: text('pin'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    // The identity provider's `sub` for this person (the embedded provider uses the person's id).
    identitySubject: text('identity_subject'),
    passwordHash: text('password_hash'),
    holdMusic: text('hold_music').references(() => holdMusic.value),
    // Log Out and password resets: ID tokens issued before this are refused at the session exchange.
    sessionsRevokedAt: timestamp('sessions_revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('people_account_email_key').on(t.accountId, sql`lower(${t.email})`),
    uniqueIndex('people_pin_key').on(t.pin),
    uniqueIndex('people_identity_subject_key').on(t.identitySubject),
    uniqueIndex('people_sign_in_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.passwordHash} is not null`),
    uniqueIndex('people_one_admin_per_account')
      .on(t.accountId)
      .where(sql`${t.isAdmin}`),
  ],
);

/** Opaque API tokens handed out by the session exchange; only their SHA-256 is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // The embedded provider's device id from the ID token, when it sent one (for POST /new-device).
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_person_idx').on(t.personId)],
);

/** ID tokens already exchanged for an API token (SHA-256 of the token), kept until they expire. */
export const consumedIdTokens = pgTable(
  'consumed_id_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('consumed_id_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * Failed sign-ins counted per key ('ip:…', 'account:…', 'pair:…'; emails only as hashes), for the
 * growing delay; a row is forgotten after a quiet period.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_failures_last_idx').on(t.lastFailureAt)],
);

/** oidc-provider's models (sessions, grants, codes, interactions...), one row per stored object. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('oidc_payloads_pkey_idx').on(t.model, t.id),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Secrets generated once and kept: the provider's signing keys and cookie keys. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

const ts = (name: string) => timestamp(name, { withTimezone: true });
// Credits are stored in hundredths (centicredits) so that every amount is an exact integer.
const centicredits = (name: string) => bigint(name, { mode: 'number' });

/** Tracks callers hear while they wait; the audio is served by the API. */
export const holdMusic = pgTable('hold_music', {
  value: text('value').primaryKey(),
  name: text('name').notNull(),
  fileName: text('file_name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Who changed what on an account, with the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    actorPersonId: uuid('actor_person_id'),
    action: text('action').notNull(),
    targetPersonId: uuid('target_person_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_account_at_idx').on(t.accountId, t.at)],
);

/** Every email the product sends; delivered by SMTP when configured, otherwise kept here to read. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id'),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
    // The outbox is the mail queue: 'queued' | 'sending' | 'sent' | 'failed' (migration 0011).
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
  ],
);

/** The plan catalogue: price ids, prices, credits per period. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  period: text('period').notNull(), // 'mo' | 'yr'
  priceCents: integer('price_cents').notNull(),
  credits: integer('credits').notNull(),
  save: text('save'),
  multiUser: boolean('multi_user').notNull().default(false),
  available: boolean('available').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** One subscription per account; its periods follow the account's anniversary. */
export const subscriptions = pgTable('subscriptions', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  status: text('status').notNull().default('active'), // 'active' | 'inactive'
  anchorAt: ts('anchor_at').notNull(),
  currentPeriodStart: ts('current_period_start').notNull(),
  currentPeriodEnd: ts('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  pendingPlanId: text('pending_plan_id').references(() => plans.id),
  isDelinquent: boolean('is_delinquent').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const billingPeriods = pgTable(
  'billing_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    closedAt: ts('closed_at'),
  },
  (t) => [uniqueIndex('billing_periods_account_start_key').on(t.accountId, t.startsAt)],
);

/** Every grant and every use of credits; balances are sums over it. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id')
      .notNull()
      .references(() => billingPeriods.id),
    bucket: text('bucket').notNull(), // 'plan' | 'rollover' | 'bonus' | 'overage' | 'unbilled'
    kind: text('kind').notNull(), // 'grant' | 'carry_in' | 'bonus' | 'use' | 'carry_out' | 'expire'
    amount: centicredits('amount').notNull(), // + grant, - use/expire
    callUuid: text('call_uuid'),
    invoiceId: text('invoice_id'),
    note: text('note'),
    at: ts('at').notNull(),
  },
  (t) => [index('credit_ledger_account_period_idx').on(t.accountId, t.periodId, t.bucket)],
);

/** Credits per minute by destination and time-of-day slot (America/New_York), with effective dates. */
export const rates = pgTable(
  'rates',
  {
    destination: text('destination').notNull(),
    slotStartMinute: integer('slot_start_minute').notNull(),
    effectiveFrom: ts('effective_from').notNull(),
    effectiveTo: ts('effective_to'),
    creditsPerMinute: centicredits('credits_per_minute').notNull(),
  },
  (t) => [primaryKey({ columns: [t.destination, t.slotStartMinute, t.effectiveFrom] })],
);

export const calls = pgTable(
  'calls',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    callUuid: text('call_uuid').notNull(),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    callTimestamp: ts('call_timestamp').notNull(),
    destination: text('destination').notNull(),
    callerIdNumber: text('caller_id_number').notNull(),
    billedSeconds: integer('billed_seconds').notNull(),
    billingRate: centicredits('billing_rate').notNull(),
    creditsUsed: centicredits('credits_used').notNull(),
    // How this call's credits were drawn (they add up to credits_used); the ledger holds the same per batch.
    planCredits: centicredits('plan_credits').notNull().default(0),
    rolloverCredits: centicredits('rollover_credits').notNull().default(0),
    bonusCredits: centicredits('bonus_credits').notNull().default(0),
    overageCredits: centicredits('overage_credits').notNull().default(0),
    unbilledCredits: centicredits('unbilled_credits').notNull().default(0),
    periodId: uuid('period_id').references(() => billingPeriods.id),
  },
  (t) => [
    uniqueIndex('calls_call_uuid_key').on(t.callUuid),
    index('calls_account_time_idx').on(t.accountId, t.callTimestamp, t.callUuid),
    // The subscription summary counts the open period's calls.
    index('calls_account_period_idx').on(t.accountId, t.periodId),
  ],
);

/**
 * Calls per account per UTC day (day = unix seconds / 86400), kept by statement triggers on `calls`
 * (migration 0004): call-history pages find total_pages and the keyset start of a deep page from it
 * instead of count(*) and OFFSET over the whole range.
 */
export const callDayCounts = pgTable(
  'call_day_counts',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    kind: text('kind').notNull(), // 'start' | 'period' | 'interim'
    // What the invoice is for, in words ('Subscription', 'Renewal', 'Period close', 'Interim: $300 mark').
    summary: text('summary').notNull(),
    // The billing period the invoice settles (for a start invoice, the period it prepays).
    periodId: uuid('period_id').references(() => billingPeriods.id),
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    issuedAt: ts('issued_at').notNull(),
    status: text('status').notNull(), // 'open' | 'paid' | 'void' | 'refunded'
    subscriptionCents: integer('subscription_cents').notNull(),
    overageCredits: centicredits('overage_credits').notNull(),
    overageCents: integer('overage_cents').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    // The sum of the invoice's included and overage lines.
    creditsUsed: centicredits('credits_used').notNull(),
    // The seller and buyer as they stood at issue ({ name, address, email, tax_id } and
    // { name, email, service_address, billing_address, tax_status }): the invoice never reads them anew.
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_account_issued_idx').on(t.accountId, t.issuedAt),
  ],
);

export const invoiceLines = pgTable('invoice_lines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  invoiceId: text('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(), // 'subscription' | 'included' | 'overage'
  description: text('description').notNull(),
  // The period the line bills: the prepaid period of a subscription, the usage period of credits.
  periodStart: ts('period_start').notNull(),
  periodEnd: ts('period_end').notNull(),
  quantity: centicredits('quantity').notNull(),
  amountCents: integer('amount_cents').notNull(),
});

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(), // the provider's payment method id
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_account_idx').on(t.accountId)],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(), // the provider's payment id
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(), // 'succeeded' | 'failed'
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('payments_invoice_idx').on(t.invoiceId),
  ],
);

export const refunds = pgTable('refunds', {
  id: text('id').primaryKey(),
  // The credit note's number: the invoice's number and '-CN1', '-CN2', ...
  number: text('number').notNull().unique(),
  invoiceId: text('invoice_id')
    .notNull()
    .references(() => invoices.id),
  paymentId: text('payment_id')
    .notNull()
    .references(() => payments.id),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason'),
  createdAt: createdAt(),
});

export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerAccountId: uuid('referrer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    referredEmail: text('referred_email'),
    referredAccountId: uuid('referred_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    bonusGrantedAt: ts('bonus_granted_at'),
    createdAt: createdAt(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerAccountId)],
);

/**
 * Profile fields beyond what the Users page keeps (full_name, email): first and last name as the person
 * typed them, their phone, and the account's company and billing CC email. One row per person, made on
 * first save; until then the profile is derived from the person and the account.
 */
export const profiles = pgTable('profiles', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  company: text('company').notNull().default(''),
  billingCcEmail: text('billing_cc_email').notNull().default(''),
  phoneNumber: text('phone_number').notNull().default(''), // E.164, or '' when none
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Single-use password reset links; only the SHA-256 of the token is stored. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_person_idx').on(t.personId)],
);

/** Devices each identity has signed in from (a long-lived cookie id set by the embedded provider). */
export const knownDevices = pgTable(
  'known_devices',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    notifiedAt: ts('notified_at'),
  },
  (t) => [primaryKey({ columns: [t.personId, t.deviceId] })],
);

/** Tax-agency markets (e.g. IRS, state departments of revenue) whose lines enQ connects to. */
export const lineMarkets = pgTable('line_markets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isNew: boolean('is_new').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/** A department line within a market: the agency's own numbers and the enQ number that reaches it. */
export const lineDepartments = pgTable(
  'line_departments',
  {
    id: text('id').primaryKey(),
    marketId: text('market_id')
      .notNull()
      .references(() => lineMarkets.id, { onDelete: 'cascade' }),
    nameLong: text('name_long').notNull(),
    irsNumber: text('irs_number').notNull(), // several numbers separated by newlines
    displayNumber: text('display_number').notNull(), // the enQ number to dial, E.164
    openHoursText: text('open_hours_text').notNull(),
    descriptionLong: text('description_long').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('line_departments_market_idx').on(t.marketId, t.sort)],
);

/** Notices on the overview: for every account (account_id null) or one account. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    linkText: text('link_text'),
    dismissible: boolean('dismissible').notNull().default(true),
    priority: integer('priority').notNull().default(0),
    startsAt: ts('starts_at').notNull().defaultNow(),
    endsAt: ts('ends_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_account_idx').on(t.accountId)],
);

/** Which notices a person dismissed: a notification id, or 'sub_account' for the sub-account notice. */
export const notificationDismissals = pgTable(
  'notification_dismissals',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    notificationKey: text('notification_key').notNull(),
    dismissedAt: ts('dismissed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.notificationKey] })],
);

/** Each account's referral code, made on first visit to the referral page. */
export const referralCodes = pgTable('referral_codes', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: createdAt(),
});

/** Requests sent through the local feature-request form. */
export const featureRequests = pgTable(
  'feature_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    title: text('title').notNull(),
    details: text('details').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feature_requests_created_idx').on(t.createdAt)],
);
