import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod } from '../../../src/domain/billing-engine/subscription-periods-repository';
import { applyPlanChange } from '../../../src/domain/subscription/subscription-changes';
import { drivers } from '../../helpers/app';
import { createAccount, createWorld, postCalls, useCard, type World } from '../../helpers/billing-harness';
import { invoiceProblems } from '../../helpers/billing-reconcile';
import {
  accountBooks,
  conservationProblems,
  csvProblems,
  linePeriodProblems,
  overageProblems,
  periodsSplitAcrossACent,
} from '../../helpers/billing-simulation-checks';

// Monday Jan 5, 2026, 10:00 in New York: 61 weeks of business from here are 14 months.
const START = '2026-01-05T15:00:00Z';
const WEEKS = 61;
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const GRACE_MS = 60 * 60_000;

type Account = { name: string; accountId: string; pin: string };

describe.each(drivers)('14 months of billing add up to the cent (%s)', (driver) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(driver, START);
    // The process's engine with the close's grace window (CLOSE_GRACE_MINUTES=60), for closes and calls.
    world.engine = world.billing.engine(world.database, { closeGraceMs: GRACE_MS });
  });
  afterAll(() => world?.close());

  it('renewals, plan changes, late calls and interim marks: every invoice, period and call reconciles', async () => {
    const { database, clock } = world;
    const deps = () => world.billing.deps(database);
    const now = () => clock.now();
    const accounts: Account[] = [];
    const open = async (name: string, planId: string) => {
      const account = { name, ...(await createAccount(world)) };
      await world.engine.startSubscription(account.accountId, planId);
      accounts.push(account);
      return account;
    };
    // Heavy monthly use (Team: 30,000 credits, then $0.01 each), a monthly plan changed twice, and an
    // annual plan (Solo: 48,000 credits a year) used past its credits and renewed early.
    const heavy = await open('heavy', 'team-monthly');
    const changing = await open('changing', 'practice-monthly');
    const annual = await open('annual', 'solo-annual');
    // And an annual plan that runs its year to the end (Practice: 168,000 credits a year).
    const yearly = await open('yearly', 'practice-annual');

    /** The next moment the period-close job has work: a period ends, or its grace window does. */
    const nextDue = async (): Promise<Date | null> => {
      const [row] = await database.query<{ at: Date | null }>(
        `select min(at) as at from (
           select current_period_end as at from subscriptions where status = 'active' and account_id = any($1)
           union all
           select ends_at + make_interval(secs => $3::double precision / 1000) from billing_periods
            where closed_at is null and account_id = any($1)) due where at > $2`,
        [accounts.map((a) => a.accountId), now(), GRACE_MS],
      );
      return row?.at ? new Date(row.at) : null;
    };
    const runJob = async () => {
      for (const a of accounts) await world.engine.closeDuePeriods(a.accountId);
    };
    /** Moves the clock to `to`, running the close job at every moment it has work on the way. */
    const advance = async (to: Date) => {
      for (let due = await nextDue(); due && due <= to; due = await nextDue()) {
        clock.set(due);
        await runJob();
      }
      // Never back in time: a week's business may end after the moment the caller asked for.
      if (to > now()) clock.set(to);
      await runJob();
    };
    const post = async (account: Account, at: Date, count: number, seconds: number, uuid: string) => {
      const result = await postCalls(world, account.pin, at, count, seconds, uuid);
      expect(result.accepted, `${uuid}: ${JSON.stringify(result.rejected)}`).toBe(count);
    };
    const periodAt = async (accountId: string, at: Date) => {
      const [row] = await database.query<{ id: string }>(
        'select id from billing_periods where account_id = $1 and starts_at <= $2 and ends_at > $2',
        [accountId, at],
      );
      return row!.id;
    };
    /** Calls that must be billed in a given period: posted in the grace window, or after a close. */
    const expectedPeriod = new Map<string, string>();

    // Around the end of some periods: a call made 10 minutes before the end and posted 20
    // minutes after it is billed in its own period (the close waits the grace window); calls made 30
    // minutes before the end and posted 3 hours after it, once that period has closed, are billed in
    // the period then open.
    const aroundTheEnd = async (end: Date, ending: Account[]) => {
      // In the canonical form the API keeps a call_uuid in: lower case.
      const tags = ending.map((a) => `${a.name}-${end.toISOString()}`.toLowerCase());
      const ended = await Promise.all(ending.map((a) => periodAt(a.accountId, new Date(end.getTime() - 1))));
      await advance(new Date(end.getTime() + 20 * 60_000));
      for (const [i, account] of ending.entries()) {
        await post(account, new Date(end.getTime() - 10 * 60_000), 1, 1_237, `${tags[i]}-grace`);
        await post(account, new Date(end.getTime() + 60_000), 1, 611, `${tags[i]}-after`);
        expectedPeriod.set(`${tags[i]}-grace-0`, ended[i]!);
        expectedPeriod.set(`${tags[i]}-after-0`, await periodAt(account.accountId, end));
      }
      await advance(new Date(end.getTime() + 3 * HOUR));
      for (const [i, account] of ending.entries()) {
        await post(account, new Date(end.getTime() - 30 * 60_000), 2, 2_999, `${tags[i]}-late`);
        const openNow = (await currentPeriod(database, account.accountId))!.id;
        expectedPeriod.set(`${tags[i]}-late-0`, openNow);
        expectedPeriod.set(`${tags[i]}-late-1`, openNow);
      }
    };

    const renewals: { endedPeriodId: string; at: Date }[] = [];
    const renew = async () => {
      const ending = (await currentPeriod(database, annual.accountId))!;
      expect(await applyPlanChange(deps(), world.engine, annual.accountId, 'solo-annual', null)).toBe(
        'renew',
      );
      renewals.push({ endedPeriodId: ending.id, at: now() });
      // A call made before the renewal and posted after it: its year has closed, so the new one bills it.
      const late = `renewal-${renewals.length}-late`;
      await post(annual, new Date(now().getTime() - 2 * HOUR), 1, 1_800, late);
      expectedPeriod.set(`${late}-0`, (await currentPeriod(database, annual.accountId))!.id);
    };

    for (let week = 0; week < WEEKS; week++) {
      const monday = new Date(Date.parse(START) + week * WEEK);
      const target = new Date(monday.getTime() + 2 * HOUR);
      // Calls around the end of every other heavy period, of the periods that end with a plan change and
      // of the yearly account's year (all four accounts started at START, so these ends coincide).
      const subs = await database.query<{ account_id: string; end: Date; changes: boolean }>(
        `select account_id, current_period_end as end, pending_plan_id is not null as changes
           from subscriptions where account_id = any($1) and current_period_end > $2 and current_period_end <= $3`,
        [[heavy.accountId, changing.accountId, yearly.accountId], now(), target],
      );
      const heavyEnd = subs.find((s) => s.account_id === heavy.accountId)?.end;
      if (heavyEnd) {
        const end = new Date(heavyEnd);
        const ending = accounts.filter((a) =>
          subs.some(
            (s) =>
              s.account_id === a.accountId &&
              new Date(s.end).getTime() === end.getTime() &&
              (s.changes || a === yearly || (a === heavy && end.getUTCMonth() % 2 === 0)),
          ),
        );
        if (ending.length > 0) await aroundTheEnd(end, ending);
      }
      await advance(target);

      // Heavy months cross $300, $500 and $1,000 of overage; medium ones $300; light ones no mark.
      const month = Math.floor(week / 4.35);
      const calls = [12, 6, 2, 9][month % 4]!;
      await post(heavy, monday, calls, 2_999 + ((week * 211) % 613), `heavy-w${week}`);
      await post(changing, monday, 2 + (week % 3), 2_400 + ((week * 53) % 900), `changing-w${week}`);
      await post(annual, monday, 2, 1_500 + ((week * 71) % 700), `annual-w${week}`);
      await post(yearly, monday, 1, 1_800 + ((week * 29) % 900), `yearly-w${week}`);

      if (week === 6)
        expect(await applyPlanChange(deps(), world.engine, changing.accountId, 'team-monthly', null)).toBe(
          'change',
        );
      if (week === 24)
        expect(await applyPlanChange(deps(), world.engine, changing.accountId, 'team-annual', null)).toBe(
          'change',
        );
      if (week === 13) await renew();
      if (week === 33) {
        // Renewing on a card that attaches and then declines every charge changes nothing.
        await useCard(world, annual.accountId, '4000000000000341');
        const before = (await currentPeriod(database, annual.accountId))!.id;
        await expect(
          applyPlanChange(deps(), world.engine, annual.accountId, 'solo-annual', null),
        ).rejects.toMatchObject({ kind: 'payment-failed' });
        expect((await currentPeriod(database, annual.accountId))!.id).toBe(before);
        await useCard(world, annual.accountId, '4242424242424242');
        await advance(new Date(now().getTime() + HOUR));
        await renew();
      }
      if (week === 52) await renew();
      // Four weeks on a card that declines: the closes and marks of that time stay open (never void),
      // and are paid once a good card is back.
      if (week === 38) await useCard(world, heavy.accountId, '4000000000000002');
      if (week === 42) {
        await useCard(world, heavy.accountId, '4242424242424242');
        const unpaid = await database.query<{ id: string }>(
          "select id from invoices where account_id = $1 and status = 'open' order by issued_at",
          [heavy.accountId],
        );
        expect(unpaid.length).toBeGreaterThan(0);
        for (const { id } of unpaid)
          expect(await world.engine.chargeInvoice(heavy.accountId, id)).toMatchObject({ state: 'paid' });
      }
    }
    // Stop outside any grace window: the periods left open are the subscriptions' current ones.
    await advance(new Date(now().getTime() + 3 * HOUR));

    // The simulation did what it claims: marks, plan changes, renewals, late and grace-window calls.
    const [summaries] = await database.query<{ list: string[] }>(
      'select array_agg(distinct summary order by summary) as list from invoices where account_id = any($1)',
      [accounts.map((a) => a.accountId)],
    );
    expect(summaries!.list).toEqual(
      expect.arrayContaining([
        'Interim: $300 mark',
        'Interim: $500 mark',
        'Interim: $1,000 mark',
        'Period close',
        'Renewal',
        'Subscription',
      ]),
    );
    const [plans] = await database.query<{ list: string[] }>(
      'select array_agg(plan_id order by starts_at) as list from billing_periods where account_id = $1',
      [changing.accountId],
    );
    expect(new Set(plans!.list)).toEqual(new Set(['practice-monthly', 'team-monthly', 'team-annual']));
    expect(plans!.list.at(-1)).toBe('team-annual');
    const billedIn = await database.query<{ call_uuid: string; period_id: string }>(
      'select call_uuid, period_id from calls where call_uuid = any($1)',
      [[...expectedPeriod.keys()]],
    );
    expect(new Map(billedIn.map((c) => [c.call_uuid, c.period_id]))).toEqual(expectedPeriod);
    expect([...expectedPeriod.keys()].filter((k) => k.includes('-late-')).length).toBeGreaterThan(8);
    expect([...expectedPeriod.keys()].filter((k) => k.startsWith('yearly-'))).toHaveLength(4);

    let splitAcrossACent = 0;
    for (const account of accounts) {
      const books = await accountBooks(database, account.accountId);
      // The yearly account's first year closed at its end; every other account moved through several.
      if (account === yearly) expect(books.periods.map((p) => !!p.closed_at)).toEqual([true, false]);
      else expect(books.periods.length, account.name).toBeGreaterThan(3);
      expect(await invoiceProblems(database, account.accountId), account.name).toEqual([]);
      expect(conservationProblems(books), account.name).toEqual([]);
      expect(overageProblems(books), account.name).toEqual([]);
      splitAcrossACent += periodsSplitAcrossACent(books);
      expect(linePeriodProblems(books), account.name).toEqual([]);
      expect(await csvProblems(database, account.accountId, books), account.name).toEqual([]);
    }

    // Some periods' pieces, each rounded alone, would have lost or gained a cent: the cent check bites.
    expect(splitAcrossACent).toBeGreaterThan(1);

    // The one void invoice is the declined renewal's; every renewal closed its year with a paid row.
    const voids = await database.query<{ account_id: string; summary: string }>(
      "select account_id, summary from invoices where account_id = any($1) and status = 'void'",
      [accounts.map((a) => a.accountId)],
    );
    expect(voids).toEqual([{ account_id: annual.accountId, summary: 'Renewal' }]);
    const [declined] = await database.query<{ n: number }>(
      `select count(distinct invoice_id)::int as n from payments
        where account_id = $1 and status = 'failed' and failure_code = 'card_declined'`,
      [heavy.accountId],
    );
    expect(declined!.n).toBeGreaterThan(0);
    const unpaid = await database.query(
      "select number from invoices where account_id = any($1) and status = 'open'",
      [accounts.map((a) => a.accountId)],
    );
    expect(unpaid).toEqual([]);
    expect(renewals).toHaveLength(3);
    for (const renewal of renewals) {
      const [period] = await database.query<{ ends_at: Date; closed_at: Date; calls_cc: string }>(
        `select ends_at, closed_at, (select coalesce(sum(credits_used), 0) from calls
                                      where period_id = p.id)::text as calls_cc
           from billing_periods p where id = $1`,
        [renewal.endedPeriodId],
      );
      expect(period).toMatchObject({ ends_at: renewal.at, closed_at: renewal.at });
      const rows = await database.query<{ summary: string; status: string; credits: string }>(
        `select summary, status, (select coalesce(sum(quantity), 0) from invoice_lines l
                                   where l.invoice_id = i.id and l.kind = 'included')::text as credits
           from invoices i where period_id = $1 and status <> 'void'`,
        [renewal.endedPeriodId],
      );
      expect(rows).toEqual([{ summary: 'Renewal', status: 'paid', credits: period!.calls_cc }]);
      expect(Number(period!.calls_cc)).toBeGreaterThan(0);
    }
  }, 240_000);
});
