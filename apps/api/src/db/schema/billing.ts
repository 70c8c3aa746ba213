import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, centicredits } from './columns';
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
