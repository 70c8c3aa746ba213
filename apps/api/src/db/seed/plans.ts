import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { plans } from '../schema';

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

/** Upserted at every start, so a catalogue change in code reaches existing databases. */
export async function seedPlans(db: Db): Promise<void> {
  await db
    .insert(plans)
    .values(PLAN_CATALOGUE.map((p) => ({ ...p })))
    .onConflictDoUpdate({
      target: plans.id,
      set: {
        name: sql`excluded.name`,
        period: sql`excluded.period`,
        priceCents: sql`excluded.price_cents`,
        credits: sql`excluded.credits`,
        save: sql`excluded.save`,
        multiUser: sql`excluded.multi_user`,
        sort: sql`excluded.sort`,
      },
    });
}
