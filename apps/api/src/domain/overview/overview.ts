import {
  OVERVIEW_TEXT,
  maskPin,
  orderNotifications,
  safeNotificationLink,
  type CommonNotification,
  type OverviewResponse,
  type SubAccountNotification,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { billingDataFrom } from '../billing';
import { subscriptionInfoFrom } from '../subscription';
import { overviewBasicsFrom, type OverviewBasics } from './notices';
import type { NoticeRow } from './notifications-repository';
import type { KeptAnswers } from '../account-changes';
import { readOverview } from './overview-repository';

/** An unsafe link (javascript:, data:, //host, ...) never leaves the server: the notice shows without it. */
function toNotification(notice: NoticeRow) {
  const safe = safeNotificationLink(notice.link);
  const out: CommonNotification = {
    id: notice.id,
    title: notice.title,
    text: notice.text,
    dismissible: notice.dismissible,
    priority: notice.priority,
    created_at: new Date(notice.created_at).toISOString(),
  };
  if (safe) {
    out.link = safe;
    out.linkText = notice.link_text?.trim() || 'Learn more';
  }
  return out;
}

/**
 * The sub-account notice (OVW-04) shows on an active multi-user plan while the account has no
 * sub-account users yet, until the person dismisses it (docs/requirements.md, Decisions): it tells of
 * something the account does not use. An account that has added users knows the way to Users; telling
 * an account of 24 to give each teammate a PIN reads as not knowing it.
 */
function subAccountNotice(basics: OverviewBasics, active: boolean): SubAccountNotification | null {
  const { plan } = basics;
  if (!plan?.multiUser || !active || basics.hasSubUsers || basics.subAccountDismissed) return null;
  return {
    title: OVERVIEW_TEXT.subAccountTitle,
    text: OVERVIEW_TEXT.subAccountText(plan.name),
    link: '/users',
    linkText: OVERVIEW_TEXT.subAccountLinkText,
  };
}

/** GET /api/v1/account/. */
export async function loadOverview(
  q: Transactional,
  kept: KeptAnswers,
  accountId: string,
  personId: string,
  now: Date,
): Promise<OverviewResponse> {
  const read = async () => (await readOverview(q, accountId, personId, now)) ?? null;
  const row = await kept.read(q, { answer: 'overview', accountId, personId }, now, read);
  if (!row?.basics || !row.billing) throw new Error(`no person ${personId} in account ${accountId}`);
  const basics = overviewBasicsFrom(row.basics, now);
  const info = subscriptionInfoFrom(row.info, now);
  const billing = billingDataFrom(row.billing, now, null, info.is_credits_exhausted);
  const { is_delinquent: _delinquent, ...subscription } = info;
  return {
    pin: basics.pin ? maskPin(basics.pin) : null,
    common_notifications: orderNotifications(basics.notices.map(toNotification)),
    sub_account_notification: subAccountNotice(basics, billing.is_subscription_active),
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
    payment_authentication_invoice_id: billing.payment_authentication_invoice_id ?? null,
  };
}
