import { creditsForCall } from '@enq/contract';
import type { Transactional } from '../handle';
import { bucketBalances } from '../../domain/billing-engine/ledger-repository';
import { drawCredits, type Available } from '../../domain/billing-engine/rules';
import {
  currentPeriod,
  findSubscription,
  type OpenPeriod,
} from '../../domain/billing-engine/subscription-periods-repository';
import type { RateTable } from '../../domain/call-rates/rates';
import {
  findCap,
  listThresholds,
  periodFirings,
  periodSpend,
} from '../../domain/spend-control/spend-control-repository';
import { usersUsage } from '../../domain/spend-control/user-limits-repository';
import { callersByPin } from '../../domain/telephony/callers-repository';
import { decideCall } from '../../domain/telephony/authorize';

/** A call record as the telephony platform posts it (the demo's calls are made in this shape). */
export interface DemoCall {
  call_uuid: string;
  pin: string;
  call_timestamp: string;
  destination: string;
  caller_id_number: string;
  billed_duration: number;
}

/** The account's state that authorize and the alerts weigh, read from the database (centicredits). */
interface Watch {
  active: boolean;
  period: OpenPeriod | null;
  left: Available;
  granted: number;
  included: number;
  overage: number;
  capCents: number | null;
  /** Alert thresholds not fired yet this period: plan percents, and overage amounts in cents (the cap too). */
  percents: number[];
  overageCents: number[];
  people: Map<string, { used: number; limit: number | null }>;
}

async function readWatch(q: Transactional, accountId: string): Promise<Watch> {
  const sub = await findSubscription(q, accountId);
  const period = await currentPeriod(q, accountId);
  const watch: Watch = {
    active: sub?.status === 'active',
    period,
    left: { plan: 0, rollover: 0, bonus: 0 },
    granted: 0,
    included: 0,
    overage: 0,
    capCents: await findCap(q, accountId),
    percents: [],
    overageCents: [],
    people: new Map(),
  };
  if (!period) return watch;
  const [left, spend, thresholds, fired, users] = await Promise.all([
    bucketBalances(q, accountId, period.id),
    periodSpend(q, accountId, period.id),
    listThresholds(q, accountId),
    periodFirings(q, accountId, period.id),
    usersUsage(q, accountId, period.id),
  ]);
  const firedKey = new Set(fired.map((f) => `${f.kind}:${f.amount}`));
  const unfired = [
    ...thresholds,
    ...(watch.capCents === null ? [] : [{ kind: 'cap' as const, amount: watch.capCents }]),
  ].filter((t) => !firedKey.has(`${t.kind}:${t.amount}`));
  return {
    ...watch,
    left,
    ...spend,
    percents: unfired.filter((t) => t.kind === 'plan_percent').map((t) => t.amount),
    overageCents: unfired.filter((t) => t.kind === 'overage_cents' || t.kind === 'cap').map((t) => t.amount),
    people: new Map(users.map((u) => [u.person_id, { used: u.used_cc, limit: u.limit_cc }])),
  };
}

/**
 * The demo's telephony platform (`post` ingests a batch at a time): each call is first put to
 * authorize's own decision (decideCall) on the state before it, and a refused call never happens, so an
 * annual plan stops at zero and the cap and users' limits hold. Calls travel together until one crosses
 * something the product reacts to (an alert threshold, the cap, a user's limit, the end of an annual
 * plan's credits); that batch is posted at the crossing call's end, as production's batches arrive
 * within minutes of their calls, so an alert is sent the day it was crossed.
 *
 * The state is read once and then carried: each call is drawn as ingest will draw it, so it stays the
 * stored one until something else changes the period (a bonus granted, a period closed): `forget` then.
 */
export class DemoTelephony {
  #watch: Watch | null = null;
  #personOf: Map<string, string> | null = null;
  /** Calls authorize refused, all spans together. */
  refused = 0;

  constructor(
    private readonly deps: { database: Transactional; rates: RateTable; accountId: string },
    private readonly send: (batch: DemoCall[], at: Date) => Promise<void>,
  ) {}

  forget(): void {
    this.#watch = null;
  }

  /** Places a span's calls, in time order; those not cut off by a crossing are posted at `until`. */
  async post(calls: readonly DemoCall[], until: Date): Promise<void> {
    const { database, rates, accountId } = this.deps;
    const personOf = (this.#personOf ??= new Map());
    const unknown = [...new Set(calls.map((c) => c.pin))].filter((pin) => !personOf.has(pin));
    if (unknown.length > 0)
      for (const c of await callersByPin(database, unknown)) personOf.set(c.pin, c.person_id);
    const watch = (this.#watch ??= await readWatch(database, accountId));
    const planPeriod = watch.period?.plan.period ?? null;
    let i = 0;
    while (i < calls.length) {
      const batch: DemoCall[] = [];
      let cut: Date | null = null;
      for (; i < calls.length && cut === null; i++) {
        const call = calls[i]!;
        const personId = personOf.get(call.pin) ?? '';
        const person = watch.people.get(personId) ?? { used: 0, limit: null };
        const leftCc =
          Math.max(watch.left.plan, 0) + Math.max(watch.left.rollover, 0) + Math.max(watch.left.bonus, 0);
        const decision = decideCall({
          subscriptionActive: watch.active,
          planPeriod,
          creditsLeftCc: leftCc,
          capCents: watch.capCents,
          overageCc: watch.overage,
          limitCc: person.limit,
          usedCc: person.used,
        });
        if (!decision.allowed) {
          this.refused++;
          continue;
        }
        batch.push(call);
        const at = new Date(call.call_timestamp);
        const rate = rates.rateFor(call.destination, at);
        if (rate === null || !watch.period || !planPeriod) continue;
        // The call drawn as ingest will draw it, to see what it crosses.
        const credits = creditsForCall(call.billed_duration, rate);
        const draw = drawCredits(credits, watch.left, planPeriod);
        watch.left = {
          plan: watch.left.plan - draw.plan,
          rollover: watch.left.rollover - draw.rollover,
          bonus: watch.left.bonus - draw.bonus,
        };
        watch.included += draw.plan + draw.rollover + draw.bonus;
        watch.overage += draw.overage;
        watch.people.set(personId, { ...person, used: person.used + credits });
        const percents = watch.percents.filter((p) => watch.included * 100 >= p * watch.granted);
        const overageCents = watch.overageCents.filter((c) => watch.overage >= c * 100);
        const crossed =
          (planPeriod === 'yr' && leftCc > 0 && leftCc <= credits) ||
          (watch.granted > 0 && percents.length > 0) ||
          overageCents.length > 0 ||
          (person.limit !== null && person.used < person.limit && person.used + credits >= person.limit);
        // A threshold fires once a period: crossed, it is no longer watched.
        watch.percents = watch.percents.filter((p) => !percents.includes(p));
        watch.overageCents = watch.overageCents.filter((c) => !overageCents.includes(c));
        if (crossed) cut = new Date(Math.min(at.getTime() + call.billed_duration * 1000, until.getTime()));
      }
      if (batch.length > 0) await this.send(batch, cut ?? until);
    }
  }
}
