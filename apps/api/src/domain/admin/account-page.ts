import {
  ACCOUNT_LEDGER_LIMIT,
  ACCOUNTS_TEXT,
  cardBrandLabel,
  ccToCredits,
  centsToDollars,
  creditsToCc,
  maskPin,
  overageCents,
  type ActivityPage,
  type AdminAccount,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { activityPage } from '../activity';
import { DomainError } from '../errors';
import { listInvoiceDtos } from '../invoices';
import { subscriptionInfo } from '../subscription';
import { listAccountNotes } from './account-notes-repository';
import {
  accountUsers,
  findCustomerAccount,
  invoicesWithPayments,
  latestLedgerEntries,
} from './account-page-repository';
import { planNames } from './plan-names-repository';
import { scheduledChanges } from './scheduled-changes';

const iso = (d: Date | string) => new Date(d).toISOString();
const INVOICES_SHOWN = 50;

/** The account or a not-found error (an unknown or malformed id alike, CONS-02). */
export async function customerAccount(q: Transactional, accountId: string) {
  const account = await findCustomerAccount(q, accountId);
  if (!account) throw new DomainError('not-found', ACCOUNTS_TEXT.notFound);
  return account;
}

/**
 * One account as the console shows it (CONS-02): the subscription and this period's usage as the
 * customer's own pages compute them (subscriptionInfo), the latest ledger entries, invoices with their
 * payments and credit notes, users with masked PINs, and the internal notes; what is scheduled (CONS-07)
 * and the amount overdue (CONS-08).
 */
export async function accountPage(q: Transactional, accountId: string, now: Date): Promise<AdminAccount> {
  const account = await customerAccount(q, accountId);
  const [info, ledger, invoices, users, notes, names, portalInvoices] = await Promise.all([
    subscriptionInfo(q, account.id, now),
    latestLedgerEntries(q, account.id, ACCOUNT_LEDGER_LIMIT),
    invoicesWithPayments(q, account.id, INVOICES_SHOWN),
    accountUsers(q, account.id),
    listAccountNotes(q, account.id),
    planNames(q),
    // The amount overdue is the portal's own amount due (CONS-08): one computation, not a second.
    listInvoiceDtos(q, account.id),
  ]);
  const scheduled = await scheduledChanges(q, info, now);
  const planId = info.current_plan?.price_id ?? null;
  return {
    id: account.id,
    name: account.name,
    status: account.status,
    created_at: iso(account.created_at),
    tax: { status: account.tax_status, exemption_reference: account.tax_exemption_reference },
    subscription: {
      status: info.status,
      plan_name: planId ? (names.get(planId) ?? planId) : null,
      plan_period: info.current_plan?.period ?? null,
      cancel_at_period_end: info.cancel_at_period_end,
      pending_plan_id: info.pending_plan_id,
      is_delinquent: info.is_delinquent,
      period_start: info.period_start,
      period_end: info.period_end,
      days_left: info.days_left,
      period_days: info.period_days,
      scheduled_changes: scheduled,
      pause: info.pause,
    },
    amount_overdue: portalInvoices.amount_due,
    usage: {
      credits_used: info.total_credits_used,
      // The period's plan credits as the customer's meter adds them up (used and left, one model).
      plan_credits: ccToCredits(creditsToCc(info.plan_credits_used) + creditsToCc(info.plan_credits_left)),
      plan_credits_left: info.plan_credits_left,
      rollover_credits_left: info.rollover_credits_left,
      bonus_credits_left: info.bonus_credits_left,
      overage_credits: info.overage_credits_used,
      overage_dollars: centsToDollars(overageCents(creditsToCc(info.overage_credits_used))),
    },
    ledger: {
      entries: ledger.map((e) => ({
        id: e.id,
        at: iso(e.at),
        bucket: e.bucket,
        kind: e.kind,
        credits: ccToCredits(Number(e.amount)),
        note: e.note,
      })),
      balances: {
        plan: info.plan_credits_left,
        rollover: info.rollover_credits_left,
        bonus: info.bonus_credits_left,
      },
    },
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      summary: i.summary,
      issued_at: iso(i.issued_at),
      status: i.status,
      total: centsToDollars(i.total_cents),
      payments: i.payments.map((p) => ({
        id: p.id,
        at: iso(p.created_at),
        amount: centsToDollars(p.amount_cents),
        status: p.status,
        card: p.card_last4 ? `${cardBrandLabel(p.card_brand ?? 'card')} •••• ${p.card_last4}` : null,
        failure_message: p.failure_message,
      })),
      refunds: i.refunds.map((r) => ({
        id: r.id,
        number: r.number,
        at: iso(r.created_at),
        amount: centsToDollars(r.amount_cents),
        reason: r.reason,
      })),
      dispute: i.dispute
        ? {
            id: i.dispute.id,
            status: i.dispute.status,
            amount: centsToDollars(i.dispute.amount_cents),
            reason: i.dispute.reason,
            at: iso(new Date(i.dispute.created_at)),
          }
        : null,
    })),
    users: users.map((u) => ({
      id: u.id,
      full_name: u.full_name,
      email: u.email,
      is_admin: u.is_admin,
      pin: u.pin ? maskPin(u.pin) : null,
    })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, staff_name: n.staff_name, at: iso(n.created_at) })),
  };
}

/** The account's activity log as its admin reads it, enQ support's changes included (CONS-02). */
export async function accountActivity(
  q: Transactional,
  accountId: string,
  page: number,
): Promise<ActivityPage> {
  const account = await customerAccount(q, accountId);
  return activityPage(q, { accountId: account.id, isAdmin: true }, {}, page);
}
