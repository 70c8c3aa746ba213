import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, lineDestination } from '@enq/contract';
import { addDays, startOfDay } from 'date-fns';
import { scheduleRate } from '../../domain/call-rates/rates-repository';
import { insertPlanVersion } from '../../domain/catalogue/plan-versions-repository';
import type { DemoSeeder } from './types';

/** The demo's scheduled rate: one half hour of a line no demo history leans on, two weeks ahead. */
export const DEMO_SCHEDULED_RATE = {
  destination: lineDestination('IRS', 'Estate and Gift Tax'),
  slotStartMinute: 10 * 60,
  creditsPerMinuteCc: 4_250,
  inDays: 14,
};

/** The demo's scheduled price: the Firm monthly plan, which no demo account is on, in 45 days. */
export const DEMO_SCHEDULED_PLAN = {
  planId: 'firm-monthly',
  priceCents: 79_000,
  credits: 84_000,
  inDays: 45,
};

/**
 * One scheduled rate change and one scheduled plan price, so the console's catalogue shows "From
 * <date>" on first start (CAT-01, CAT-03). Both start after `now` and on nothing a demo account pays
 * for before then.
 */
export const seedDemoCatalogue: DemoSeeder = async (tx, { now }) => {
  // Midnight in New York, where the rates' half hours and the console's dates are read.
  const day = (n: number) => startOfDay(new TZDate(addDays(now, n).getTime(), BUSINESS_TIME_ZONE));
  const rate = DEMO_SCHEDULED_RATE;
  await scheduleRate(tx, rate.destination, [rate.slotStartMinute], day(rate.inDays), rate.creditsPerMinuteCc);
  const plan = DEMO_SCHEDULED_PLAN;
  await insertPlanVersion(tx, plan.planId, day(plan.inDays), {
    priceCents: plan.priceCents,
    credits: plan.credits,
    save: null,
  });
};
