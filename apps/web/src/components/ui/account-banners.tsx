import { accountBanners, type AccountBanner, type BannerFlags } from '@enq/contract';
import { AlertCircle } from 'lucide-react';
import { Link } from '../../lib/router';
import { BANNER_STYLES, InfoBanner } from './info-banner';

const danger = BANNER_STYLES.danger;

/** The banners about paying: a failed card, an unpaid invoice, a delinquent account say one thing. */
const PAYMENT_KINDS: ReadonlySet<AccountBanner['kind']> = new Set([
  'card_update',
  'invoice_outstanding',
  'payment_unsuccessful',
]);

/**
 * Two or more payment banners as one panel: each banner's own words (BAN-07, BAN-08, BAN-11), then
 * one primary action, paying the invoice when one is due, and the others beside it. On a phone three
 * separate red boxes that say nearly the same filled the first screen.
 */
function PaymentAlerts({ banners }: { banners: AccountBanner[] }) {
  const actions = banners.flatMap((b) => (b.action ? [b.action] : []));
  const unique = actions.filter((a, i) => actions.findIndex((o) => o.to === a.to) === i);
  const primary = unique.find((a) => a.to === '/invoices') ?? unique[0];
  return (
    <div role="alert" className={`rounded-lg p-4 text-sm ring-1 ring-inset ${danger.box}`}>
      <div className="flex items-start gap-3">
        <AlertCircle aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${danger.icon}`} />
        <div className="flex-1 space-y-3">
          <p className="font-semibold">Your payment did not go through</p>
          <ul className="list-disc space-y-1 pl-4">
            {banners.map((banner) => (
              <li key={banner.kind}>{banner.message}</li>
            ))}
          </ul>
          {unique.length > 0 ? (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {primary ? (
                <Link
                  to={primary.to}
                  className="focus-ring inline-flex items-center rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
                >
                  {primary.label}
                </Link>
              ) : null}
              {unique
                .filter((a) => a !== primary)
                .map((action) => (
                  <Link
                    key={action.to}
                    to={action.to}
                    className={`focus-ring rounded font-semibold underline underline-offset-2 hover:no-underline ${danger.action}`}
                  >
                    {action.label}
                  </Link>
                ))}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * The account banners (BAN-01..12) as the contract decides them from the billing flags; Billing and
 * Overview both render this. Every banner whose condition holds shows its text; the payment ones share
 * one panel when there are several, in the place of the first of them.
 */
export function AccountBanners({ flags }: { flags: BannerFlags }) {
  const banners = accountBanners(flags);
  if (banners.length === 0) return null;
  const payment = banners.filter((b) => PAYMENT_KINDS.has(b.kind));
  const grouped = payment.length > 1;
  return (
    <div className="space-y-3" aria-label="Account alerts" role="region">
      {banners.map((banner) =>
        grouped && PAYMENT_KINDS.has(banner.kind) ? (
          banner === payment[0] ? (
            <PaymentAlerts key="payment" banners={payment} />
          ) : null
        ) : (
          <InfoBanner
            key={banner.kind}
            variant={banner.variant}
            message={banner.message}
            {...(banner.action ? { action: { label: banner.action.label, to: banner.action.to } } : {})}
          />
        ),
      )}
    </div>
  );
}
