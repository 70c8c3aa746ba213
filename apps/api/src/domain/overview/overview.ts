import {
  OVERVIEW_TEXT,
  maskPin,
  orderNotifications,
  safeNotificationLink,
  type CommonNotification,
  type OverviewResponse,
  type SubAccountNotification,
} from '@enq/contract';
import type { Queryable } from '../../db/client';
import { loadBillingData } from '../billing-account/billing-repository';
import { subscriptionInfo } from '../billing/subscription-info';
import { loadOverviewBasics, type NoticeTuple, type OverviewBasics } from './notifications-repository';

/** An unsafe link (javascript:, data:, //host, ...) never leaves the server: the notice shows without it. */
function toNotification([id, title, text, link, linkText, dismissible, priority, createdAt]: NoticeTuple) {
  const safe = safeNotificationLink(link);
  const out: CommonNotification = {
    id,
    title,
    text,
    dismissible,
    priority,
    created_at: new Date(createdAt).toISOString(),
  };
  if (safe) {
    out.link = safe;
    out.linkText = linkText?.trim() || 'Learn more';
  }
  return out;
}

/**
 * The sub-account notice (OVW-04) shows on an active multi-user plan until the person dismisses it:
 * the plan allows unlimited users, so the opportunity stays open however many the account already has.
 */
function subAccountNotice(
  plan: OverviewBasics['plan'],
  active: boolean,
  dismissed: boolean,
): SubAccountNotification | null {
  if (!plan?.multiUser || !active || dismissed) return null;
  return {
    title: OVERVIEW_TEXT.subAccountTitle,
    text: OVERVIEW_TEXT.subAccountText(plan.name),
    link: '/users',
    linkText: OVERVIEW_TEXT.subAccountLinkText,
  };
}

/** GET /api/v1/account/: the three independent reads run at once. */
export async function loadOverview(
  q: Queryable,
  accountId: string,
  personId: string,
  now: Date,
): Promise<OverviewResponse> {
  const [basics, info, billing] = await Promise.all([
    loadOverviewBasics(q, accountId, personId, now),
    subscriptionInfo(q, accountId, now),
    // Exhaustion comes from the summary read alongside (is_credits_exhausted below), not read twice.
    loadBillingData(q, accountId, now, null, false),
  ]);
  const { is_delinquent: _delinquent, ...subscription } = info;
  return {
    pin: basics.pin ? maskPin(basics.pin) : null,
    common_notifications: orderNotifications(basics.notices.map(toNotification)),
    sub_account_notification: subAccountNotice(
      basics.plan,
      billing.is_subscription_active,
      basics.subAccountDismissed,
    ),
    subscription_info: subscription,
    plan_name: basics.plan?.name ?? null,
    card_details: billing.card_details,
    charge_failure_message: billing.charge_failure_message,
    charge_failure_card: billing.charge_failure_card,
    last_invoice_paid: billing.last_invoice_paid,
    is_subscription_active: billing.is_subscription_active,
    is_billing_address_required: billing.is_billing_address_required,
    is_service_address_required: billing.is_service_address_required,
    is_credits_exhausted: info.is_credits_exhausted,
    is_delinquent: billing.is_delinquent,
    is_account_active: billing.is_account_active,
  };
}
