import type { Transactional } from '../handle';

/** The plan catalogue. Prices in cents, credits per period; annual plans say what they save. */
export const PLAN_CATALOGUE = [
  {
    id: 'solo-monthly',
    name: 'Solo',
    period: 'mo',
    priceCents: 5_000,
    credits: 4_000,
    save: null,
    multiUser: false,
    sort: 1,
  },
  {
    id: 'practice-monthly',
    name: 'Practice',
    period: 'mo',
    priceCents: 15_000,
    credits: 14_000,
    save: null,
    multiUser: true,
    sort: 2,
  },
  {
    id: 'team-monthly',
    name: 'Team',
    period: 'mo',
    priceCents: 30_000,
    credits: 30_000,
    save: null,
    multiUser: true,
    sort: 3,
  },
  {
    id: 'firm-monthly',
    name: 'Firm',
    period: 'mo',
    priceCents: 75_000,
    credits: 80_000,
    save: null,
    multiUser: true,
    sort: 4,
  },
  {
    id: 'solo-annual',
    name: 'Solo',
    period: 'yr',
    priceCents: 51_000,
    credits: 48_000,
    save: 'Save 15%',
    multiUser: false,
    sort: 5,
  },
  {
    id: 'practice-annual',
    name: 'Practice',
    period: 'yr',
    priceCents: 153_000,
    credits: 168_000,
    save: 'Save 15%',
    multiUser: true,
    sort: 6,
  },
  {
    id: 'team-annual',
    name: 'Team',
    period: 'yr',
    priceCents: 306_000,
    credits: 360_000,
    save: 'Save 15%',
    multiUser: true,
    sort: 7,
  },
  {
    id: 'firm-annual',
    name: 'Firm',
    period: 'yr',
    priceCents: 765_000,
    credits: 960_000,
    save: 'Save 15%',
    multiUser: true,
    sort: 8,
  },
] as const;

/**
 * Upserted at every start, so a catalogue change in code reaches existing databases: the plan and its
 * first version (in force since -infinity). Versions the console scheduled are later and stay.
 */
export async function seedPlans(q: Transactional): Promise<void> {
  await seedPlanRows(q);
  await q.query(
    `insert into plan_versions (plan_id, effective_from, price_cents, credits, save)
     select id, '-infinity', price_cents, credits, save from plans where id = any($1::text[])
     on conflict (plan_id, effective_from) do update set price_cents = excluded.price_cents,
       credits = excluded.credits, save = excluded.save`,
    [PLAN_CATALOGUE.map((p) => p.id)],
  );
}

/** The plans rows alone, as they were before plan versions (migration 0034): for migration tests. */
export async function seedPlanRows(q: Transactional): Promise<void> {
  await q.query(
    `insert into plans (id, name, period, price_cents, credits, save, multi_user, sort)
     select id, name, period, "priceCents", credits, save, "multiUser", sort
       from jsonb_to_recordset($1::jsonb) as p(id text, name text, period text, "priceCents" int,
                                               credits int, save text, "multiUser" boolean, sort int)
     on conflict (id) do update set name = excluded.name, period = excluded.period,
       price_cents = excluded.price_cents, credits = excluded.credits, save = excluded.save,
       multi_user = excluded.multi_user, sort = excluded.sort`,
    [JSON.stringify(PLAN_CATALOGUE)],
  );
}
