import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  orderNotifications,
  overviewResponseSchema,
  safeNotificationLink,
  showHowToPanel,
  type CommonNotification,
} from '../src';

const note = (id: string, priority: number, created_at: string): CommonNotification => ({
  id,
  title: id,
  text: id,
  dismissible: true,
  priority,
  created_at,
});

describe('orderNotifications', () => {
  it('OVW-06 highest priority first, then newest first', () => {
    const list = [
      note('old-low', 1, '2026-01-01T00:00:00.000Z'),
      note('new-high', 10, '2026-03-01T00:00:00.000Z'),
      note('new-low', 1, '2026-02-01T00:00:00.000Z'),
      note('old-high', 10, '2026-01-15T00:00:00.000Z'),
      note('mid', 5, '2025-12-01T00:00:00.000Z'),
    ];
    expect(orderNotifications(list).map((n) => n.id)).toEqual([
      'new-high',
      'old-high',
      'mid',
      'new-low',
      'old-low',
    ]);
    expect(list[0]!.id).toBe('old-low'); // the input is left as it was
  });

  it('OVW-06 every pair in the result is in order, whatever the input', () => {
    const arb = fc.array(
      fc.record({
        priority: fc.integer({ min: -5, max: 5 }),
        created_at: fc
          .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })
          .map((ms) => new Date(ms).toISOString()),
      }),
    );
    fc.assert(
      fc.property(arb, (list) => {
        const ordered = orderNotifications(list);
        expect(ordered).toHaveLength(list.length);
        for (let i = 1; i < ordered.length; i++) {
          const [a, b] = [ordered[i - 1]!, ordered[i]!];
          expect(a.priority > b.priority || (a.priority === b.priority && a.created_at >= b.created_at)).toBe(
            true,
          );
        }
      }),
    );
  });
});

describe('safeNotificationLink', () => {
  it.each([
    '/lines',
    '/pdf?tab=cards#qr',
    'https://www.irs.gov/businesses/small-businesses-self-employed/practitioner-priority-service',
    'http://status.enq.example/maintenance',
  ])('OVW-05 keeps the safe link %s', (link) => {
    expect(safeNotificationLink(link)).toBe(link);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    [' javascript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['lines'],
    ['mailto:help@enq.example'],
    ['ftp://files.example/x'],
    ['https://'],
    [''],
    [null],
    [undefined],
  ])('OVW-05 drops the unsafe or unusable link %j', (link) => {
    expect(safeNotificationLink(link)).toBeNull();
  });
});

describe('showHowToPanel', () => {
  it('OVW-03 shows below 7 days_in_period, not at 7 or more', () => {
    expect(showHowToPanel(0)).toBe(true);
    expect(showHowToPanel(6)).toBe(true);
    expect(showHowToPanel(7)).toBe(false);
    expect(showHowToPanel(30)).toBe(false);
    expect(showHowToPanel(365)).toBe(false);
  });
});

describe('overviewResponseSchema', () => {
  it('OVW-04 OVW-05 OVW-06 accepts a notification without a link and a null sub-account notice', () => {
    const parsed = overviewResponseSchema.safeParse({
      pin: '••3456',
      common_notifications: [note('a', 1, '2026-01-01T00:00:00.000Z')],
      sub_account_notification: null,
      subscription_info: {
        current_plan: null,
        plan_credits_used: 0,
        rollover_credits_used: 0,
        bonus_credits_used: 0,
        overage_credits_used: 0,
        total_credits_used: 0,
        rollover_credits_left: 0,
        bonus_credits_left: 0,
        plan_credits_left: 0,
        billable_credits_used: 0,
        billable_calls: 0,
        next_payment_date: null,
        next_payment_amount: null,
        days_in_period: 0,
        days_left: 0,
        period_days: 0,
        active_users: 1,
        is_credits_exhausted: false,
        status: 'inactive',
        cancel_at_period_end: false,
        pending_plan_id: null,
        period_start: null,
        period_end: null,
        pause: null,
      },
      plan_name: null,
      card_details: null,
      charge_failure_message: null,
      charge_failure_card: null,
      last_invoice_paid: true,
      is_subscription_active: false,
      is_billing_address_required: true,
      is_service_address_required: true,
      is_credits_exhausted: false,
      is_delinquent: false,
      is_account_active: true,
    });
    expect(parsed.success).toBe(true);
  });
});
