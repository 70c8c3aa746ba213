import { overageCentsDue } from '@enq/contract';
import type { PeriodUsage } from './ledger-repository';
import type { NewInvoice, NewInvoiceLine } from './invoices-repository';
import type { PeriodBounds } from './periods';
import type { Plan } from './plans-repository';

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US')}`;

/** The plan's price for the period it prepays. */
export function subscriptionLine(plan: Plan, prepaid: PeriodBounds, renewal = false): NewInvoiceLine {
  const cycle = plan.period === 'mo' ? 'monthly' : 'annual';
  return {
    kind: 'subscription',
    description: `${plan.name} plan, ${cycle}${renewal ? ' (renewal)' : ''}, paid in advance`,
    periodStart: prepaid.start,
    periodEnd: prepaid.end,
    quantity: 1,
    amountCents: plan.priceCents,
  };
}

/** Overage not yet invoiced: its credits, and its cents as the period's overage is rounded once. */
export interface OverageDue {
  credits: number;
  cents: number;
}

function overageLine(due: OverageDue, usage: PeriodBounds, note: string): NewInvoiceLine {
  return {
    kind: 'overage',
    description: `Overage credits at $0.01 per credit${note}`,
    periodStart: usage.start,
    periodEnd: usage.end,
    quantity: due.credits,
    amountCents: due.cents,
  };
}

/**
 * The one invoice a period close makes: the next period's subscription (when the plan goes on), the
 * closed period's credits used within the plan ($0), and its overage not yet on an interim invoice.
 * Credits used on it plus those on the period's interim invoices add up to all the period's usage.
 */
export function closingLines(
  plan: Plan,
  closed: PeriodBounds,
  usage: PeriodUsage,
  next: { plan: Plan; period: PeriodBounds } | null,
): NewInvoiceLine[] {
  const lines: NewInvoiceLine[] = next ? [subscriptionLine(next.plan, next.period)] : [];
  const { overage, unbilled } = usage.used;
  const total = Object.values(usage.used).reduce((sum, credits) => sum + credits, 0);
  // What interim invoices of the period billed within the plan is not billed again.
  const included = total - overage - unbilled - usage.includedInvoiced;
  if (included > 0) lines.push(includedLine(plan.period, closed, included));
  if (unbilled > 0)
    lines.push({
      kind: 'included',
      description: 'Credits used beyond the annual plan (annual plans are never charged overage)',
      periodStart: closed.start,
      periodEnd: closed.end,
      quantity: unbilled,
      amountCents: 0,
    });
  const rest = {
    credits: overage - usage.overageInvoiced,
    cents: overageCentsDue(overage, usage.overageCentsInvoiced),
  };
  if (rest.credits > 0)
    lines.push(
      overageLine(rest, closed, usage.overageInvoiced > 0 ? ', beyond those on interim invoices' : ''),
    );
  return lines;
}

/** The credits a period used within its plan (rollover and bonus included) that an invoice bills at $0. */
function includedLine(period: Plan['period'], span: PeriodBounds, quantity: number): NewInvoiceLine {
  return {
    kind: 'included',
    description:
      period === 'mo'
        ? 'Credits used from plan, rollover and bonus credits (included)'
        : 'Credits used from the annual plan and bonus credits (included)',
    periodStart: span.start,
    periodEnd: span.end,
    quantity,
    amountCents: 0,
  };
}

/**
 * An interim invoice, once a high-water mark is crossed: it bills the period's calls since its last
 * invoice, those within the plan (`includedCredits`, $0) and the overage not yet invoiced, so that every
 * call of the period is on exactly one of its invoices. Interim marks are for monthly plans only.
 */
export function interimInvoice(
  base: Pick<NewInvoice, 'accountId' | 'periodId' | 'issuedAt'>,
  usage: PeriodBounds,
  due: OverageDue,
  markCents: number,
  includedCredits: number,
): NewInvoice {
  const mark = dollars(markCents);
  return {
    ...base,
    kind: 'interim',
    summary: `Interim: ${mark} mark`,
    periodStart: usage.start,
    periodEnd: usage.end,
    lines: [
      ...(includedCredits > 0 ? [includedLine('mo', usage, includedCredits)] : []),
      overageLine(due, usage, `, billed when overage passed ${mark}`),
    ],
  };
}
