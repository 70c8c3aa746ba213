import { describe, expect, it } from 'vitest';
import { accountBanners, BANNER_TEXT, bannerPanels, type BannerFlags } from '../src/banners';

/** A healthy account: no banner at all. */
const OK: BannerFlags = {
  card_details: {
    brand: 'visa',
    last4: '4242',
    expiry: '08/2028',
    is_expired: false,
    is_expired_soon: false,
  },
  charge_failure_message: null,
  charge_failure_card: null,
  last_invoice_paid: true,
  is_subscription_active: true,
  is_billing_address_required: false,
  is_service_address_required: false,
  is_credits_exhausted: false,
  is_delinquent: false,
  is_account_active: true,
};
const kinds = (flags: Partial<BannerFlags>) => accountBanners({ ...OK, ...flags }).map((b) => b.kind);
const one = (flags: Partial<BannerFlags>) => {
  const banners = accountBanners({ ...OK, ...flags });
  expect(banners).toHaveLength(1);
  return banners[0]!;
};

describe('accountBanners', () => {
  it('BAN-01 a healthy account shows no banner', () => {
    expect(accountBanners(OK)).toEqual([]);
  });
  it('BAN-02 incomplete billing address (danger, links to billing)', () => {
    expect(one({ is_billing_address_required: true })).toEqual({
      kind: 'billing_address_incomplete',
      variant: 'danger',
      message: BANNER_TEXT.billingAddress,
      action: { label: 'Update address', to: '/billing' },
    });
  });
  it('BAN-03 incomplete service address (danger)', () => {
    expect(one({ is_service_address_required: true })).toMatchObject({
      kind: 'service_address_incomplete',
      variant: 'danger',
      message: BANNER_TEXT.serviceAddress,
    });
  });
  it('BAN-04 missing credit card (danger, Add card)', () => {
    expect(one({ card_details: null })).toMatchObject({
      kind: 'card_missing',
      variant: 'danger',
      action: { label: 'Add card', to: '/billing' },
    });
  });
  it('BAN-05 card expired (danger) and not also about to expire', () => {
    expect(
      one({ card_details: { ...OK.card_details!, is_expired: true, is_expired_soon: false } }),
    ).toMatchObject({ kind: 'card_expired', variant: 'danger', message: BANNER_TEXT.cardExpired });
  });
  it('BAN-06 card about to expire (warning) names the expiry', () => {
    const banner = one({ card_details: { ...OK.card_details!, is_expired_soon: true } });
    expect(banner).toMatchObject({ kind: 'card_expiring', variant: 'warning' });
    expect(banner.message).toContain('08/2028');
  });
  it('BAN-07 update your card shows the failure message and card when the failed card is the current card', () => {
    const banner = one({
      charge_failure_message: 'Your card was declined.',
      charge_failure_card: { brand: 'visa', last4: '4242' },
    });
    expect(banner).toMatchObject({ kind: 'card_update', variant: 'danger' });
    expect(banner.message).toBe(BANNER_TEXT.cardUpdate('Your card was declined.', 'Visa', '4242'));
  });
  it('BAN-07 hides once the card changed (brand or last four differ) or with no message', () => {
    expect(
      kinds({ charge_failure_message: 'Declined', charge_failure_card: { brand: 'visa', last4: '0002' } }),
    ).toEqual([]);
    expect(
      kinds({
        charge_failure_message: 'Declined',
        charge_failure_card: { brand: 'mastercard', last4: '4242' },
      }),
    ).toEqual([]);
    expect(
      kinds({ charge_failure_message: null, charge_failure_card: { brand: 'visa', last4: '4242' } }),
    ).toEqual([]);
    expect(
      kinds({
        card_details: null,
        charge_failure_message: 'Declined',
        charge_failure_card: { brand: 'visa', last4: '4242' },
      }),
    ).toEqual(['card_missing']);
  });
  it('BAN-08 pay outstanding invoice only while the subscription is active', () => {
    expect(one({ last_invoice_paid: false })).toMatchObject({
      kind: 'invoice_outstanding',
      variant: 'danger',
      action: { label: 'Pay invoice', to: '/invoices' },
    });
    expect(kinds({ last_invoice_paid: false, is_subscription_active: false })).toEqual([
      'subscription_inactive',
    ]);
  });
  it('BAN-09 out of credits (danger)', () => {
    expect(one({ is_credits_exhausted: true })).toMatchObject({
      kind: 'credits_exhausted',
      variant: 'danger',
    });
  });
  it('BAN-10 account inactive (danger)', () => {
    expect(one({ is_account_active: false })).toMatchObject({
      kind: 'account_inactive',
      variant: 'danger',
      message: BANNER_TEXT.accountInactive,
    });
  });
  it('BAN-11 payment unsuccessful when delinquent (danger)', () => {
    expect(one({ is_delinquent: true })).toMatchObject({ kind: 'payment_unsuccessful', variant: 'danger' });
  });
  it('BAN-12 subscription inactive (warning)', () => {
    expect(one({ is_subscription_active: false })).toMatchObject({
      kind: 'subscription_inactive',
      variant: 'warning',
    });
  });
  it('BAN-01 combinations: every condition at once shows each applicable kind once, in order', () => {
    expect(
      kinds({
        is_account_active: false,
        is_billing_address_required: true,
        is_service_address_required: true,
        card_details: { ...OK.card_details!, is_expired: true },
        charge_failure_message: 'Declined',
        charge_failure_card: { brand: 'visa', last4: '4242' },
        last_invoice_paid: false,
        is_delinquent: true,
        is_credits_exhausted: true,
      }),
    ).toEqual([
      'account_inactive',
      'billing_address_incomplete',
      'service_address_incomplete',
      'card_expired',
      'card_update',
      'invoice_outstanding',
      'payment_unsuccessful',
      'credits_exhausted',
    ]);
    expect(
      kinds({
        card_details: null,
        is_subscription_active: false,
        is_delinquent: true,
        last_invoice_paid: false,
      }),
    ).toEqual(['card_missing', 'payment_unsuccessful', 'subscription_inactive']);
  });
  it('BAN-01 every combination of the boolean flags yields exactly the matching kinds', () => {
    const flags = [
      'is_billing_address_required',
      'is_service_address_required',
      'is_credits_exhausted',
      'is_delinquent',
    ] as const;
    for (let mask = 0; mask < 1 << 7; mask++) {
      const input: BannerFlags = { ...OK };
      flags.forEach((f, i) => (input[f] = (mask & (1 << i)) !== 0));
      input.is_account_active = (mask & 16) === 0;
      input.is_subscription_active = (mask & 32) === 0;
      input.last_invoice_paid = (mask & 64) === 0;
      const got = new Set(accountBanners(input).map((b) => b.kind));
      expect(got.has('billing_address_incomplete')).toBe(input.is_billing_address_required);
      expect(got.has('service_address_incomplete')).toBe(input.is_service_address_required);
      expect(got.has('credits_exhausted')).toBe(input.is_credits_exhausted);
      expect(got.has('payment_unsuccessful')).toBe(input.is_delinquent);
      expect(got.has('account_inactive')).toBe(!input.is_account_active);
      expect(got.has('subscription_inactive')).toBe(!input.is_subscription_active);
      expect(got.has('invoice_outstanding')).toBe(!input.last_invoice_paid && input.is_subscription_active);
    }
  });
});

describe('bannerPanels: one panel per problem', () => {
  const panels = (flags: Partial<BannerFlags>) => bannerPanels(accountBanners({ ...OK, ...flags }));

  it("BAN-02 BAN-03 both addresses in one panel, both texts, one action, in the first one's place", () => {
    const shown = panels({
      is_account_active: false,
      is_billing_address_required: true,
      is_service_address_required: true,
      is_credits_exhausted: true,
    });
    expect(shown.map((p) => p.key)).toEqual(['account_inactive', 'address', 'credits_exhausted']);
    expect(shown[1]).toEqual({
      key: 'address',
      variant: 'danger',
      title: 'Your addresses are incomplete',
      messages: [BANNER_TEXT.billingAddress, BANNER_TEXT.serviceAddress],
      primary: { label: 'Update address', to: '/billing' },
      others: [],
    });
  });

  it('BAN-07 BAN-08 BAN-11 the payment banners in one panel, paying the invoice first, each action once', () => {
    const [payment] = panels({
      charge_failure_message: 'Declined.',
      charge_failure_card: { brand: 'visa', last4: '4242' },
      last_invoice_paid: false,
      is_delinquent: true,
    });
    expect(payment!.messages).toHaveLength(3);
    expect(payment!.primary).toEqual({ label: 'Pay invoice', to: '/invoices' });
    expect(payment!.others).toEqual([{ label: 'Update card', to: '/billing' }]);
  });

  it('a lone banner of a problem is a panel without a title, its own variant and action', () => {
    expect(panels({ is_service_address_required: true })).toEqual([
      {
        key: 'service_address_incomplete',
        variant: 'danger',
        title: null,
        messages: [BANNER_TEXT.serviceAddress],
        primary: { label: 'Update address', to: '/billing' },
        others: [],
      },
    ]);
    expect(panels({}).length).toBe(0);
  });
});
