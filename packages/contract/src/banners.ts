import type { BillingData } from './billing-schemas';
import { AUTHENTICATION_TEXT, payLinkPath } from './payment-authentication';

export type AccountBannerKind =
  | 'billing_address_incomplete'
  | 'service_address_incomplete'
  | 'card_missing'
  | 'card_expired'
  | 'card_expiring'
  | 'card_update'
  | 'payment_authentication'
  | 'invoice_outstanding'
  | 'credits_exhausted'
  | 'account_inactive'
  | 'payment_unsuccessful'
  | 'subscription_inactive';

export interface AccountBanner {
  kind: AccountBannerKind;
  variant: 'danger' | 'warning';
  message: string;
  /** Where the banner's action leads: a portal path, or 'pay' for paying the outstanding invoice. */
  action: { label: string; to: string } | null;
}

export type BannerFlags = Pick<
  BillingData,
  | 'card_details'
  | 'charge_failure_message'
  | 'charge_failure_card'
  | 'last_invoice_paid'
  | 'is_subscription_active'
  | 'is_billing_address_required'
  | 'is_service_address_required'
  | 'is_credits_exhausted'
  | 'is_delinquent'
  | 'is_account_active'
  | 'payment_authentication_invoice_id'
>;

export const BANNER_TEXT = {
  billingAddress: 'Your billing address is incomplete. Please update your billing address.',
  serviceAddress: 'Your service address is incomplete. Please update your service address.',
  cardMissing: 'There is no credit card on file. Please add a credit card.',
  cardExpired: 'Your credit card has expired. Please update your credit card.',
  cardExpiring: (expiry: string) =>
    `Your credit card expires soon (${expiry}). Please update your credit card.`,
  cardUpdate: (message: string, brand: string, last4: string) =>
    `The last charge to your ${brand} card ending in ${last4} failed: ${message} Please update your credit card.`,
  invoiceOutstanding: 'Your last invoice is unpaid. Please pay the outstanding invoice.',
  creditsExhausted: 'You are out of credits. Renew your subscription to keep calling.',
  accountInactive: 'Your account is inactive. Please contact support.',
  paymentUnsuccessful: 'Your last payment was unsuccessful. Please update your card or pay the invoice.',
  subscriptionInactive: 'Your subscription is inactive. Choose a plan to start it again.',
} as const;

const brandName = (brand: string) => (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'card');

/**
 * The account banners (BAN-01..12), decided from the billing flags (docs/requirements.md, Decisions), in
 * display order. Billing and Overview both render this list.
 */
export function accountBanners(flags: BannerFlags): AccountBanner[] {
  const out: AccountBanner[] = [];
  const add = (
    kind: AccountBannerKind,
    message: string,
    action: AccountBanner['action'],
    variant: AccountBanner['variant'] = 'danger',
  ) => out.push({ kind, variant, message, action });
  const toBilling = (label: string) => ({ label, to: '/billing' });
  const card = flags.card_details;

  if (!flags.is_account_active) add('account_inactive', BANNER_TEXT.accountInactive, null);
  if (flags.is_billing_address_required)
    add('billing_address_incomplete', BANNER_TEXT.billingAddress, toBilling('Update address'));
  if (flags.is_service_address_required)
    add('service_address_incomplete', BANNER_TEXT.serviceAddress, toBilling('Update address'));
  if (!card) add('card_missing', BANNER_TEXT.cardMissing, toBilling('Add card'));
  else if (card.is_expired) add('card_expired', BANNER_TEXT.cardExpired, toBilling('Update card'));
  else if (card.is_expired_soon)
    add('card_expiring', BANNER_TEXT.cardExpiring(card.expiry), toBilling('Update card'), 'warning');
  const failed = flags.charge_failure_card;
  if (
    card &&
    flags.charge_failure_message &&
    failed &&
    failed.brand === card.brand &&
    failed.last4 === card.last4
  )
    add(
      'card_update',
      BANNER_TEXT.cardUpdate(flags.charge_failure_message, brandName(failed.brand), failed.last4),
      toBilling('Update card'),
    );
  // An off-session charge waits for the cardholder's bank (strong customer authentication): the link
  // is the email's, to the page where they confirm and pay that invoice.
  if (flags.payment_authentication_invoice_id)
    add(
      'payment_authentication',
      AUTHENTICATION_TEXT.banner,
      { label: AUTHENTICATION_TEXT.bannerLink, to: payLinkPath(flags.payment_authentication_invoice_id) },
      'warning',
    );
  if (!flags.last_invoice_paid && flags.is_subscription_active)
    add('invoice_outstanding', BANNER_TEXT.invoiceOutstanding, { label: 'Pay invoice', to: '/invoices' });
  if (flags.is_delinquent) add('payment_unsuccessful', BANNER_TEXT.paymentUnsuccessful, null);
  if (flags.is_credits_exhausted)
    add('credits_exhausted', BANNER_TEXT.creditsExhausted, { label: 'Renew', to: '/subscription' });
  if (!flags.is_subscription_active)
    add(
      'subscription_inactive',
      BANNER_TEXT.subscriptionInactive,
      { label: 'Choose a plan', to: '/subscription' },
      'warning',
    );
  return out;
}

/** Banners about one problem, shown as one panel with one primary action. */
export interface BannerPanel {
  key: string;
  variant: AccountBanner['variant'];
  /** The panel's heading when it holds more than one banner. */
  title: string | null;
  /** Each banner's own words, all shown (BAN-01..12). */
  messages: string[];
  primary: AccountBanner['action'];
  /** The panel's other actions, each leading somewhere the primary one does not. */
  others: { label: string; to: string }[];
}

/**
 * The problems that several banners describe at once. Shown apart, the annual demo account's phone
 * screen was three red boxes, two of them with the same "Update address" link to the same form.
 */
const PROBLEMS: { key: string; title: string; kinds: AccountBannerKind[]; primaryTo?: string }[] = [
  {
    key: 'payment',
    title: 'Your payment did not go through',
    kinds: ['card_update', 'payment_authentication', 'invoice_outstanding', 'payment_unsuccessful'],
    primaryTo: '/invoices',
  },
  {
    key: 'address',
    title: 'Your addresses are incomplete',
    kinds: ['billing_address_incomplete', 'service_address_incomplete'],
  },
];

/**
 * The account banners as panels, in the banners' order: the banners of one problem together in the
 * place of the first of them, danger if any is, with each distinct action once and the problem's own
 * first (paying the invoice); every other banner a panel of its own.
 */
export function bannerPanels(banners: AccountBanner[]): BannerPanel[] {
  const panels: BannerPanel[] = [];
  const placed = new Set<AccountBanner>();
  for (const banner of banners) {
    if (placed.has(banner)) continue;
    const problem = PROBLEMS.find((p) => p.kinds.includes(banner.kind));
    const together = problem ? banners.filter((b) => problem.kinds.includes(b.kind)) : [banner];
    for (const b of together) placed.add(b);
    const actions = together.flatMap((b) => (b.action ? [b.action] : []));
    const distinct = actions.filter((a, i) => actions.findIndex((o) => o.to === a.to) === i);
    // The first action into the problem's place: a confirmation's own link (/invoices?pay=…) before Pay invoice.
    const primary =
      distinct.find((a) => problem?.primaryTo && a.to.startsWith(problem.primaryTo)) ?? distinct[0] ?? null;
    panels.push({
      key: together.length > 1 ? problem!.key : banner.kind,
      variant: together.some((b) => b.variant === 'danger') ? 'danger' : 'warning',
      title: together.length > 1 ? problem!.title : null,
      messages: together.map((b) => b.message),
      primary,
      others: distinct.filter((a) => a !== primary),
    });
  }
  return panels;
}
