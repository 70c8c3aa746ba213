import { BUSINESS_TIME_ZONE, REFERRAL_BONUS_CREDITS } from '@enq/contract';
import { TZDate } from '@date-fns/tz';
import { subDays, subMonths } from 'date-fns';
import { createHash } from 'node:crypto';
import { grantReferralBonus } from '../../domain/billing-engine/billing-engine';
import { billingEngines, type BillingEngines } from '../../domain/billing-engine/billing-engines';
import { queueMonthlyReport } from '../../domain/monthly-report';
import { DEFAULT_ISSUER } from '../../domain/billing-engine/invoice-issuer';
import { INVOICE_RECEIPT_KIND } from '../../domain/invoices/invoice-receipt';
import { collectDuePayments } from '../../domain/billing-engine/payment-collection-job';
import { PAYMENT_FAILED_EMAIL } from '@enq/contract';
import { findPlan } from '../../domain/billing-engine/plans-repository';
import { periodAt } from '../../domain/billing-engine/periods';
import { RateTable } from '../../domain/call-rates/rates';
import { ingestCalls } from '../../domain/telephony/ingest';
import { systemClock, type Clock } from '../../domain/ports/clock';
import type { ChargeRequest, ChargeResult } from '../../domain/ports/payment-provider';
import { SandboxPaymentProvider } from '../../plugins/payments/sandbox';
import type { Database } from '../client';
import { CATALOGUE_LINES } from '../../domain/lines/line-catalogue';
import { seededRandom } from '../../domain/call-history/seeded-random';
import { DemoTelephony } from './demo-telephony';

/** Filing season (February to April) and the October extension deadline are the busy months. */
const SEASON = [0.9, 1.5, 1.9, 2.2, 1.0, 0.7, 0.6, 0.7, 0.9, 1.4, 0.8, 0.7];

export interface DemoCallsOptions {
  pins: string[];
  from: Date;
  to: Date;
  callsPerMonth: number;
  random: () => number;
  uuidPrefix: string;
}

/**
 * Realistic calls: weekdays, office hours in New York, to the catalogue's lines (busier lines more
 * often), 3 to 45 minutes.
 */
export function demoCalls({ pins, from, to, callsPerMonth, random, uuidPrefix }: DemoCallsOptions) {
  const calls = [];
  const spanMs = to.getTime() - from.getTime();
  const month = new TZDate(from.getTime(), BUSINESS_TIME_ZONE).getMonth();
  const count = Math.round((callsPerMonth * SEASON[month]! * spanMs) / (30.4 * 86_400_000));
  const weights = CATALOGUE_LINES.map((l) => l.rate.load);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  for (let i = 0; calls.length < count && i < count * 4; i++) {
    const day = new TZDate(from.getTime() + random() * spanMs, BUSINESS_TIME_ZONE);
    if (day.getDay() === 0 || day.getDay() === 6) continue;
    day.setHours(8 + Math.floor(random() * 10), Math.floor(random() * 60), Math.floor(random() * 60), 0);
    const at = new Date(day.getTime());
    if (at < from || at >= to) continue;
    let pick = random() * totalWeight;
    const line = CATALOGUE_LINES.find((_, k) => (pick -= weights[k]!) < 0) ?? CATALOGUE_LINES[0]!;
    calls.push({
      call_uuid: `${uuidPrefix}-${at.getTime().toString(36)}-${i}`,
      pin: pins[Math.floor(random() * pins.length)]!,
      call_timestamp: at.toISOString(),
      destination: line.destination,
      caller_id_number: `+1${Math.floor(2_000_000_000 + random() * 7_999_999_999)}`,
      billed_duration: Math.round(180 + random() ** 1.6 * 2400),
    });
  }
  return calls.sort((a, b) => a.call_timestamp.localeCompare(b.call_timestamp));
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The sandbox as the demo's card behaved in the past: while `declining`, it had run out of funds, so the
 * charges of that time failed and their invoices are open for the customer to pay with Pay now.
 */
class DemoHistoryPayments extends SandboxPaymentProvider {
  constructor(private readonly declining: () => boolean) {
    super();
  }

  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    const result = await super.charge(request);
    if (!this.declining()) return result;
    const id = `pi_sbx_${createHash('sha256').update(`declined:${request.idempotencyKey}`).digest('hex').slice(0, 24)}`;
    return {
      ...result,
      status: 'failed',
      id,
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    };
  }
}

/**
 * Billing for a seed run without a process's composition root (tests and benchmarks that seed a
 * database directly): the demo seller, no tax. The server and the CLI hand in their own.
 */
export const standaloneBilling = (): BillingEngines =>
  billingEngines({
    issuer: DEFAULT_ISSUER,
    clock: systemClock,
    payments: new SandboxPaymentProvider(),
    afterClose: queueMonthlyReport,
  });

/**
 * The account's billing history, made by the engine itself under a moving clock: the subscription
 * starts `months` ago, each period's calls are posted, and each period is closed, invoiced and paid.
 */
export async function seedDemoHistory(
  database: Database,
  options: {
    accountId: string;
    planId: string;
    months: number;
    /** Extra days back, so that today falls in the middle of a period rather than at its start. */
    days?: number;
    callsPerMonth: number;
    now: Date;
    seed: number;
    /**
     * From the start of the current period on the card declines (insufficient funds), so the invoice of
     * the last period close is open, the account delinquent and Pay now has something to pay.
     */
    declineInCurrentPeriod?: boolean;
    /** When referral bonuses were earned: each is granted by the engine's own rule at that time. */
    bonusesAt?: Date[];
    /** The process's billing: its invoices carry the configured seller and tax. */
    billing?: BillingEngines;
  },
): Promise<void> {
  const { accountId, planId, months, callsPerMonth, now } = options;
  const time = new TZDate(subDays(subMonths(now, months), options.days ?? 0).getTime(), BUSINESS_TIME_ZONE);
  time.setHours(9, 0, 0, 0);
  let clockAt = new Date(time.getTime());
  const clock: Clock = { now: () => clockAt };
  const plan = await findPlan(database, planId, clockAt);
  if (!plan) throw new Error(`no plan ${planId}`);
  const declineFrom = periodAt(new Date(time.getTime()), plan.period, now).start;
  const sandbox = new DemoHistoryPayments(
    () => !!options.declineInCurrentPeriod && clockAt.getTime() >= declineFrom.getTime(),
  );
  // The process's engine, under the history's moving clock and with its card. The history replays calls
  // in time order, none late, so each period closes at its end (no grace window). Its payments are a
  // replay, not news: the first start's log says only that the demo was made.
  const engine = (options.billing ?? standaloneBilling()).engine(database, {
    clock,
    payments: sandbox,
    closeGraceMs: 0,
    log: undefined,
  });
  const rates = await RateTable.load(database);
  const random = seededRandom(options.seed);
  const pins = (
    await database.query<{ pin: string }>(
      'select pin from people where account_id = $1 and pin is not null order by created_at',
      [accountId],
    )
  ).map((r) => r.pin);

  const expYear = now.getUTCFullYear() + 2;
  const card = sandbox.createPaymentMethod(
    { number: '4242424242424242', expMonth: 8, expYear },
    accountId.slice(0, 8),
  );
  await database.query(
    `insert into payment_methods (id, account_id, brand, last4, exp_month, exp_year) values ($1, $2, 'visa', '4242', 8, $3)`,
    [card, accountId, expYear],
  );
  await engine.startSubscription(accountId, planId);
  // The platform's calls go through authorize's decision; each batch is ingested at its own moment.
  const telephony = new DemoTelephony({ database, rates, accountId }, async (calls, at) => {
    clockAt = at;
    await ingestCalls({ database, rates, engine, now: at }, calls);
  });
  for (;;) {
    const [sub] = await database.query<{ current_period_start: Date; current_period_end: Date }>(
      'select current_period_start, current_period_end from subscriptions where account_id = $1',
      [accountId],
    );
    const start = new Date(sub!.current_period_start);
    const end = new Date(Math.min(new Date(sub!.current_period_end).getTime(), now.getTime()));
    const calls = demoCalls({
      pins,
      from: start,
      to: end,
      callsPerMonth,
      random,
      uuidPrefix: `demo-${accountId.slice(0, 8)}`,
    });
    // Calls are posted week by week, so an interim invoice is issued (and charged) in the week its
    // high-water mark is passed rather than at the period's end; a call that crosses an alert, the cap,
    // a user's limit or an annual plan's end is posted at its own end (DemoTelephony), and calls
    // authorize refuses never happen. (Daily posting made the demo seed, which every API test file
    // runs, several seconds slower.)
    // A bonus earned in the period splits its week, so the calls after it draw from it.
    const bonuses = (options.bonusesAt ?? [])
      .map((at) => at.getTime())
      .filter((at) => at >= start.getTime() && at < end.getTime());
    const steps = new Set<number>(bonuses);
    for (let week = start.getTime(); week < end.getTime(); week += WEEK_MS) steps.add(week);
    const bounds = [...steps, end.getTime()].sort((a, b) => a - b);
    for (const [i, from] of bounds.slice(0, -1).entries()) {
      const to = bounds[i + 1]!;
      if (bonuses.includes(from)) {
        clockAt = new Date(from);
        await grantReferralBonus(database, accountId, REFERRAL_BONUS_CREDITS * 100, clockAt);
        telephony.forget();
      }
      // The collection job of that time: a declined invoice's tries that came due (they decline too).
      clockAt = new Date(Math.max(clockAt.getTime(), from));
      await collectDuePayments(database, engine, clockAt);
      const batch = calls.filter((c) => {
        const at = Date.parse(c.call_timestamp);
        return at >= from && at < to;
      });
      if (batch.length === 0) continue;
      await telephony.post(batch, new Date(to));
    }
    clockAt = end;
    if (end.getTime() >= now.getTime()) break;
    await engine.closeDuePeriods(accountId);
    telephony.forget();
  }
  // The history is simulated: nobody is owed the receipts of its payments.
  await database.query('delete from outbox where account_id = $1 and kind = any($2)', [
    accountId,
    [INVOICE_RECEIPT_KIND, PAYMENT_FAILED_EMAIL.kind],
  ]);
}
