import { AUTHENTICATION_TEXT, cardBrandLabel, centsToDollars, formatMoney, payLinkPath } from '@enq/contract';
import type { OutgoingEmail } from '../ports/mailer';

/** The outbox kind of the email asking the cardholder to authenticate an off-session charge. */
export const AUTHENTICATION_EMAIL_KIND = 'payment-authentication';

/**
 * The email sent when an off-session charge (a renewal, a period close, a resume) needs the cardholder's
 * authentication: a link to the Invoices page, where they confirm with their bank and the same attempt
 * is paid (docs/billing.md, "Strong customer authentication").
 */
export function authenticationEmail(
  accountId: string,
  portalUrl: string,
  p: {
    invoiceId: string;
    number: string;
    amountCents: number;
    card: { brand: string; last4: string };
    holder: { email: string; fullName: string };
  },
): OutgoingEmail {
  const amount = formatMoney(centsToDollars(p.amountCents));
  return {
    accountId,
    kind: AUTHENTICATION_EMAIL_KIND,
    to: p.holder.email,
    subject: AUTHENTICATION_TEXT.emailSubject(p.number),
    text: [
      `Hello ${p.holder.fullName},`,
      '',
      `Your bank asks you to confirm the payment of ${amount} for enQ invoice ${p.number} with your ${cardBrandLabel(p.card.brand)} card ending in ${p.card.last4}. Nothing has been charged yet, and the invoice stays unpaid until you confirm.`,
      '',
      `${AUTHENTICATION_TEXT.panelButton}: ${portalUrl.replace(/\/$/, '')}${payLinkPath(p.invoiceId)}`,
    ].join('\n'),
  };
}
