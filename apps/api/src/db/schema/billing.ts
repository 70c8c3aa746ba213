import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { centicredits, createdAt, sameAccountReference, ts } from './columns';
import { accounts } from './accounts';
import { plans } from './catalogue';

/** One subscription per account; its periods follow the account's anniversary. */
export const subscriptions = pgTable('subscriptions', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  planId: text('plan_id')
    .notNull()
    .references(() => plans.id),
  status: text('status').notNull().default('active'), // 'active' | 'inactive' | 'paused'
  anchorAt: ts('anchor_at').notNull(),
  currentPeriodStart: ts('current_period_start').notNull(),
  currentPeriodEnd: ts('current_period_end').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  pendingPlanId: text('pending_plan_id').references(() => plans.id),
  isDelinquent: boolean('is_delinquent').notNull().default(false),
  // The last retry of an invoice in collection was declined and the policy is to refuse calls: while
  // delinquent, authorize refuses them (docs/billing.md, "Collecting failed payments").
  callsRefused: boolean('calls_refused').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const billingPeriods = pgTable(
  'billing_periods',
  {
    id: uuid('id').notNull().defaultRandom(),
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
  (t) => [
    // The own id leads each key so lookups by id alone still use it; Citus needs account_id in the key.
    primaryKey({ columns: [t.id, t.accountId] }),
    uniqueIndex('billing_periods_account_start_key').on(t.accountId, t.startsAt),
    // The period-close job finds the periods ended and not yet settled, across accounts (few at a time).
    index('billing_periods_unsettled_idx')
      .on(t.endsAt)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** Every grant and every use of credits; balances are sums over it. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    periodId: uuid('period_id').notNull(),
    bucket: text('bucket').notNull(), // 'plan' | 'rollover' | 'bonus' | 'overage' | 'unbilled'
    kind: text('kind').notNull(), // 'grant' | 'carry_in' | 'bonus' | 'use' | 'carry_out' | 'expire'
    amount: centicredits('amount').notNull(), // + grant, - use/expire
    callUuid: text('call_uuid'),
    invoiceId: text('invoice_id'),
    note: text('note'),
    at: ts('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    index('credit_ledger_account_period_idx').on(t.accountId, t.periodId, t.bucket),
    sameAccountReference('credit_ledger_period_fk', t.periodId, t.accountId, billingPeriods),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // Unique service-wide: the invoice_numbers lookup table holds that key (lookups.ts).
    number: text('number').notNull(),
    kind: text('kind').notNull(), // 'start' | 'period' | 'interim'
    // What the invoice is for, in words ('Subscription', 'Renewal', 'Period close', 'Interim: $300 mark').
    summary: text('summary').notNull(),
    // The billing period the invoice settles (for a start invoice, the period it prepays).
    periodId: uuid('period_id'),
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
    // An invoice that bills usage: the last call it covers (calls.billed_seq); the calls it billed are its
    // period's after the previous such invoice's. Null for a Subscription invoice, and before 0024.
    callsThrough: bigint('calls_through', { mode: 'number' }),
    // The seller and buyer as they stood at issue ({ name, address, email, tax_id } and
    // { name, email, service_address, billing_address, tax_status }): the invoice never reads them anew.
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    index('invoices_account_issued_idx').on(t.accountId, t.issuedAt),
    sameAccountReference('invoices_period_fk', t.periodId, t.accountId, billingPeriods),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigserial('id', { mode: 'number' }),
    accountId: uuid('account_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    kind: text('kind').notNull(), // 'subscription' | 'included' | 'overage'
    description: text('description').notNull(),
    // The period the line bills: the prepaid period of a subscription, the usage period of credits.
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    quantity: centicredits('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    sameAccountReference('invoice_lines_invoice_fk', t.invoiceId, t.accountId, invoices).onDelete('cascade'),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').notNull(), // the provider's payment method id
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(true),
    createdAt: createdAt(),
    // The card update (provider event) whose details these are: only a newer one writes over them (0049).
    detailsEventAt: ts('details_event_at'),
    detailsEventId: text('details_event_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    index('payment_methods_account_idx').on(t.accountId),
    index('payment_methods_last4_idx').on(t.last4), // the console's search by a card's last four (0032)
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').notNull(), // the provider's payment id
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // 'pending' (written before the provider is called) | 'succeeded' | 'failed' | 'requires_action'
    // (the card's bank asks the cardholder to authenticate: neither paid nor declined, still in flight)
    status: text('status').notNull(),
    // 1, 2, ... per invoice; the provider's idempotency key is `invoice:<invoice_id>:attempt:<n>`.
    attempt: integer('attempt').notNull().default(1),
    providerPaymentId: text('provider_payment_id'),
    resolvedAt: ts('resolved_at'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    // Charged with nobody at the page (a period close, an interim mark, a collection retry): a decline
    // starts or advances the invoice's collection (payment-collections.ts).
    offSession: boolean('off_session').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    uniqueIndex('payments_idempotency_key').on(t.accountId, t.idempotencyKey),
    uniqueIndex('payments_invoice_attempt_key').on(t.accountId, t.invoiceId, t.attempt),
    // An attempt waiting for the cardholder's authentication is in flight too: it is finished, never
    // joined by a second charge.
    uniqueIndex('payments_one_pending')
      .on(t.accountId, t.invoiceId)
      .where(sql`${t.status} in ('pending', 'requires_action')`),
    uniqueIndex('payments_one_succeeded')
      .on(t.accountId, t.invoiceId)
      .where(sql`${t.status} = 'succeeded'`),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('payments_invoice_idx').on(t.invoiceId),
    sameAccountReference('payments_invoice_fk', t.invoiceId, t.accountId, invoices),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: text('id').notNull(),
    accountId: uuid('account_id').notNull(),
    // The credit note's number: the invoice's number and '-CN1', '-CN2', ... (unique service-wide as the
    // invoice's number is, so unique per account here).
    number: text('number').notNull(),
    invoiceId: text('invoice_id').notNull(),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.accountId] }),
    uniqueIndex('refunds_account_number_key').on(t.accountId, t.number),
    sameAccountReference('refunds_invoice_fk', t.invoiceId, t.accountId, invoices),
    sameAccountReference('refunds_payment_fk', t.paymentId, t.accountId, payments),
  ],
);

/** A period that opens only once its invoice is paid (a start after a cancellation, an early renewal). */
export const periodStartOrders = pgTable(
  'period_start_orders',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    invoiceId: text('invoice_id').notNull(),
    kind: text('kind').notNull(), // 'start' | 'renew' | 'upgrade' | 'resume'
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    // The period a renewal ends early (closed when the renewal is paid), or the one an upgrade upgrades.
    endsPeriodId: uuid('ends_period_id'),
    // Who confirmed an upgrade or asked for a resume, and staff's reason for a resume (the activity log
    // names them when it is paid).
    actorPersonId: uuid('actor_person_id'),
    actorReason: text('actor_reason'),
    status: text('status').notNull().default('awaiting_payment'), // 'awaiting_payment' | 'started' | 'void'
    decidedAt: ts('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.accountId] }),
    sameAccountReference('period_start_orders_invoice_fk', t.invoiceId, t.accountId, invoices),
    uniqueIndex('period_start_orders_one_awaiting')
      .on(t.accountId)
      .where(sql`${t.status} = 'awaiting_payment'`),
    check('period_start_orders_kind_check', sql`${t.kind} IN ('start', 'renew', 'upgrade', 'resume')`),
    check('period_start_orders_status_check', sql`${t.status} IN ('awaiting_payment', 'started', 'void')`),
  ],
);
