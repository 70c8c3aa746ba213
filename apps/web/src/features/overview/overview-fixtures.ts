import type { OverviewResponse } from '@enq/contract';
import { billingData } from '../../test/billing-data';

type SubscriptionInfo = OverviewResponse['subscription_info'];

/**
 * What the overview's page tests answer for GET /api/v1/account/: a Team monthly plan 19 days into a
 * 30-day period, half its credits used, a card on file, nothing overdue. Each test changes what it is
 * about: the subscription's figures through `subscription`, anything else through `over`.
 */
export function overviewAnswer(
  subscription: Partial<SubscriptionInfo> = {},
  over: Partial<OverviewResponse> = {},
): OverviewResponse {
  // The card and the banner flags are the billing answer's (the same account as the billing tests').
  const {
    last_invoice_id: _invoice,
    tax: _tax,
    service_address: _service,
    billing_address: _billing,
    ...bannerFlags
  } = billingData();
  return {
    pin: '••3456',
    common_notifications: [],
    sub_account_notification: null,
    subscription_info: {
      current_plan: { credits: 30000, period: 'mo', price_id: 'team-monthly' },
      plan_credits_used: 15193.98,
      rollover_credits_used: 120,
      bonus_credits_used: 0,
      overage_credits_used: 0,
      total_credits_used: 15313.98,
      rollover_credits_left: 2500,
      bonus_credits_left: 0,
      plan_credits_left: 14806.02,
      billable_credits_used: 0,
      billable_calls: 0,
      next_payment_date: '2026-12-02T14:00:00.000Z',
      next_payment_amount: 300,
      days_in_period: 19, // whole days elapsed; with days_left, a 30-day period
      days_left: 11,
      period_days: 30,
      active_users: 6,
      is_credits_exhausted: false,
      status: 'active',
      cancel_at_period_end: false,
      pending_plan_id: null,
      period_start: '2026-11-02T14:00:00.000Z',
      period_end: '2026-12-02T14:00:00.000Z',
      pause: null,
      ...subscription,
    },
    plan_name: 'Team',
    ...bannerFlags,
    ...over,
  };
}
