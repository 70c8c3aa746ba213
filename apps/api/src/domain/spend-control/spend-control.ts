import {
  SPEND_SECTION_ID,
  SPEND_TEXT,
  type SpendBanner,
  type SpendControlResponse,
  type SpendSettingsBody,
  type SpendThreshold,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { currentPeriod } from '../billing-engine';
import { DomainError } from '../errors';
import { periodForecast } from '../subscription';
import { firingMessage, queueFiringEmails } from './alerts';
import {
  findCap,
  listThresholds,
  periodFirings,
  periodSpend,
  recordCapReachedAtSave,
  replaceThresholds,
  saveCap,
  type Firing,
  type StoredThreshold,
} from './spend-control-repository';
import { usersUsage } from './user-limits-repository';
import { dismissedKeys, saveDismissal } from '../overview';
import { recordActivity, type ActivityEntryInput } from '../activity';

export interface SpendActor {
  accountId: string;
  personId: string;
  isAdmin: boolean;
}

/** A threshold's key on the banner and in the dismissal: 'plan_percent:80', 'overage:100', 'forecast:200'. */
const keyOf = (t: Pick<Firing, 'kind' | 'amount'>) =>
  t.kind === 'overage_cents'
    ? `overage:${t.amount / 100}`
    : t.kind === 'forecast_overage_cents'
      ? `forecast:${t.amount / 100}`
      : `${t.kind}:${t.amount}`;
const VIEW_KIND = {
  plan_percent: 'plan_percent',
  overage_cents: 'overage',
  forecast_overage_cents: 'forecast_overage',
} as const;
const dismissalPrefix = (periodId: string) => `spend:${periodId}:`;

/** Centicredits to credits, and overage centicredits to dollars (one credit of overage is one cent). */
const credits = (cc: number) => cc / 100;
const overageDollars = (cc: number) => cc / 10_000;

function settingsView(thresholds: StoredThreshold[], capCents: number | null) {
  return {
    percent_thresholds: thresholds.filter((t) => t.kind === 'plan_percent').map((t) => t.amount),
    overage_thresholds: thresholds.filter((t) => t.kind === 'overage_cents').map((t) => t.amount / 100),
    forecast_thresholds: thresholds
      .filter((t) => t.kind === 'forecast_overage_cents')
      .map((t) => t.amount / 100),
    spending_cap: capCents === null ? null : capCents / 100,
  };
}

/** The section's, the banners' and the users page's view of the current period (SPEND-02..10). */
export async function spendControlState(
  q: Transactional,
  actor: SpendActor,
  now: Date,
): Promise<SpendControlResponse> {
  const { accountId } = actor;
  const [period, thresholds, capCents] = await Promise.all([
    currentPeriod(q, accountId),
    listThresholds(q, accountId),
    findCap(q, accountId),
  ]);
  // The projection the overview's forecast card shows, asked only when a forecast threshold needs it.
  const forecasting = period !== null && thresholds.some((t) => t.kind === 'forecast_overage_cents');
  const [spend, firings, dismissed, users, forecast] = await Promise.all([
    period ? periodSpend(q, accountId, period.id) : { granted: 0, included: 0, overage: 0 },
    period ? periodFirings(q, accountId, period.id) : [],
    period ? dismissedKeys(q, accountId, actor.personId, dismissalPrefix(period.id)) : new Set<string>(),
    usersUsage(q, accountId, period?.id ?? null),
    forecasting ? periodForecast(q, period, now) : null,
  ]);
  const projectedCents = forecast?.forecast.projectedOverageCents ?? 0;
  const isMonthly = period?.plan.period === 'mo';
  const passed = (t: StoredThreshold) =>
    t.kind === 'plan_percent'
      ? spend.granted > 0 && spend.included * 100 >= t.amount * spend.granted
      : t.kind === 'forecast_overage_cents'
        ? projectedCents >= t.amount
        : spend.overage >= t.amount * 100;
  const view: SpendThreshold[] = thresholds.map((t) => {
    const fired = firings.find((f) => f.kind === t.kind && f.amount === t.amount);
    return {
      kind: VIEW_KIND[t.kind],
      value: t.kind === 'plan_percent' ? t.amount : t.amount / 100,
      status: fired ? 'sent' : passed(t) ? 'passed' : 'waiting',
      sent_at: fired ? fired.fired_at.toISOString() : null,
    };
  });
  const capReached = isMonthly && capCents !== null && spend.overage >= capCents * 100;
  const banners: SpendBanner[] = [];
  if (capReached)
    banners.push({
      key: 'cap',
      variant: 'danger',
      message: SPEND_TEXT.capReached(capCents / 100),
      action: { label: SPEND_TEXT.raiseCap, to: `/subscription#${SPEND_SECTION_ID}` },
    });
  // A passed threshold replaces the lower ones of its kind, dismissed or not: "80% used" beside "100%
  // used" said less than the banner above it.
  const superseded = (f: (typeof firings)[number]) =>
    firings.some((o) => o.kind === f.kind && o.amount > f.amount);
  const alerts = firings
    .filter(
      (f) => f.kind !== 'cap' && !superseded(f) && !dismissed.has(dismissalPrefix(period!.id) + keyOf(f)),
    )
    .sort((a, b) => a.fired_at.getTime() - b.fired_at.getTime() || a.amount - b.amount);
  for (const f of alerts)
    banners.push({ key: keyOf(f), variant: 'warning', message: firingMessage(f), action: null });
  // The admin sees each user held back by their limit, for as long as they are (SPEND-16).
  if (actor.isAdmin)
    for (const u of users)
      if (u.limit_cc !== null && u.used_cc >= u.limit_cc)
        banners.push({
          key: `user_limit:${u.person_id}`,
          variant: 'warning',
          message: SPEND_TEXT.userLimitReached(u.full_name, credits(u.limit_cc)),
          action: { label: SPEND_TEXT.changeLimit, to: '/users' },
        });
  return {
    can_edit: actor.isAdmin,
    is_monthly: isMonthly,
    period_end: period ? period.end.toISOString() : null,
    plan_percent_used: spend.granted > 0 ? Math.floor((spend.included * 1000) / spend.granted) / 10 : 0,
    overage_used: overageDollars(spend.overage),
    thresholds: view,
    spending_cap: capCents === null ? null : capCents / 100,
    cap_reached: capReached,
    banners,
    // A sub-account user sees their own use only.
    user_limits: users
      .filter((u) => actor.isAdmin || u.person_id === actor.personId)
      .map((u) => ({
        person_id: u.person_id,
        full_name: u.full_name,
        is_admin: u.is_admin,
        used: credits(u.used_cc),
        limit: u.limit_cc === null ? null : credits(u.limit_cc),
      })),
  };
}

/** The saved spending cap in cents (one cent of overage per credit), or null for none. */
export const spendingCapCents = (q: Transactional, accountId: string) => findCap(q, accountId);

export function requireAdmin(actor: SpendActor): void {
  if (!actor.isAdmin) throw new DomainError('forbidden', SPEND_TEXT.adminOnly);
}

/**
 * New thresholds and cap, from now on for the rest of the period (SPEND-03): a threshold already passed
 * stays unfired, since only a batch that crosses it fires it. Each change is audited (SPEND-10).
 */
export async function saveSpendSettings(
  database: Transactional,
  actor: SpendActor,
  body: SpendSettingsBody,
  now: Date,
): Promise<void> {
  requireAdmin(actor);
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const next: StoredThreshold[] = [
    ...sorted(body.percent_thresholds).map((amount) => ({ kind: 'plan_percent' as const, amount })),
    ...sorted(body.overage_thresholds).map((amount) => ({
      kind: 'overage_cents' as const,
      amount: amount * 100,
    })),
    ...sorted(body.forecast_thresholds).map((amount) => ({
      kind: 'forecast_overage_cents' as const,
      amount: amount * 100,
    })),
  ];
  const nextCap = body.spending_cap === null ? null : body.spending_cap * 100;
  await database.transaction(async (tx) => {
    const [thresholds, capCents, period] = await Promise.all([
      listThresholds(tx, actor.accountId),
      findCap(tx, actor.accountId),
      currentPeriod(tx, actor.accountId),
    ]);
    // An annual plan stops at zero credits (MONEY-04): no overage to project (SPEND-13), alert on or
    // cap. A cap saved on a monthly plan may stay as it is; nothing is written when one is refused.
    const monthly = period?.plan.period === 'mo';
    if (!monthly && body.forecast_thresholds.length > 0)
      throw new DomainError('invalid', SPEND_TEXT.forecastMonthlyOnly, 'forecast_thresholds');
    if (!monthly && body.overage_thresholds.length > 0)
      throw new DomainError('invalid', SPEND_TEXT.overageMonthlyOnly, 'overage_thresholds');
    if (!monthly && nextCap !== null && nextCap !== capCents)
      throw new DomainError('invalid', SPEND_TEXT.capMonthlyOnly, 'spending_cap');
    const before = settingsView(thresholds, capCents);
    const after = settingsView(next, nextCap);
    const audit: ActivityEntryInput[] = [];
    // The forecast list is named in the log once either side has one, so older entries read as they did.
    const withForecast = before.forecast_thresholds.length > 0 || after.forecast_thresholds.length > 0;
    const alertsOf = (s: typeof before) => ({
      percent_thresholds: sorted(s.percent_thresholds),
      overage_thresholds: sorted(s.overage_thresholds),
      ...(withForecast ? { forecast_thresholds: sorted(s.forecast_thresholds) } : {}),
    });
    if (JSON.stringify(alertsOf(before)) !== JSON.stringify(alertsOf(after))) {
      await replaceThresholds(tx, actor.accountId, next);
      audit.push({
        action: 'spend_alerts.update',
        target_person_id: null,
        before: alertsOf(before),
        after: alertsOf(after),
      });
    }
    if (before.spending_cap !== after.spending_cap) {
      await saveCap(tx, actor.accountId, nextCap, now);
      // A cap set at or below the overage already booked is reached now: the email goes with the save,
      // not with the next batch of calls (SPEND-07).
      if (nextCap !== null && period?.plan.period === 'mo') {
        const reached = await recordCapReachedAtSave(tx, actor.accountId, period.id, nextCap, now);
        if (reached) await queueFiringEmails(tx, actor.accountId, [reached]);
      }
      audit.push({
        action: 'spending_cap.update',
        target_person_id: null,
        before: { spending_cap: before.spending_cap },
        after: { spending_cap: after.spending_cap },
      });
    }
    if (audit.length) await recordActivity(tx, actor.accountId, actor.personId, audit);
  });
}

/** Hides one fired alert's banner for this person, for the rest of the period (SPEND-06). */
export async function dismissSpendAlert(q: Transactional, actor: SpendActor, key: string, now: Date) {
  const period = await currentPeriod(q, actor.accountId);
  const firings = period ? await periodFirings(q, actor.accountId, period.id) : [];
  if (!period || !firings.some((f) => f.kind !== 'cap' && keyOf(f) === key))
    throw new DomainError('not-found', SPEND_TEXT.noSuchAlert);
  await saveDismissal(q, actor.accountId, actor.personId, dismissalPrefix(period.id) + key, now);
}
