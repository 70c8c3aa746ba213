import { BUSINESS_TIME_ZONE } from '@enq/contract';
import { TZDate } from '@date-fns/tz';
import { subMonths } from 'date-fns';
import { periodAt } from '../../domain/subscriptions/periods';
import { subscriptions } from '../schema';
import type { DemoSeeder } from './types';

/** The demo practice has been on the Team plan ($300 a month, 30,000 credits) for about 14 months. */
export const seedDemoSubscription: DemoSeeder = async (tx, { accountId, now }) => {
  const local = new TZDate(subMonths(now, 14).getTime(), BUSINESS_TIME_ZONE);
  local.setHours(9, 0, 0, 0);
  const anchorAt = new Date(local.getTime());
  const current = periodAt(anchorAt, 'mo', now);
  await tx.insert(subscriptions).values({
    accountId,
    planId: 'team-monthly',
    status: 'active',
    anchorAt,
    currentPeriodStart: current.start,
    currentPeriodEnd: current.end,
  });
};
