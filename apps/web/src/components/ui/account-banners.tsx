import { accountBanners, bannerPanels, type BannerFlags, type BannerPanel } from '@enq/contract';
import { Link } from '../../lib/router';
import { BANNER_ICONS, BANNER_STYLES, InfoBanner } from './info-banner';

/**
 * Several banners about one problem (a failed payment, incomplete addresses) as one panel: each
 * banner's own words, then one primary action and the others beside it.
 */
function BannerGroup({ panel }: { panel: BannerPanel }) {
  const style = BANNER_STYLES[panel.variant];
  const Icon = BANNER_ICONS[panel.variant];
  const solid =
    panel.variant === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-amber-700 hover:bg-amber-800';
  return (
    <div role="alert" className={`rounded-lg p-4 text-sm ring-1 ring-inset ${style.box}`}>
      <div className="flex items-start gap-3">
        <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${style.icon}`} />
        <div className="flex-1 space-y-3">
          <p className="font-semibold">{panel.title}</p>
          <ul className="list-disc space-y-1 pl-4">
            {panel.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          {panel.primary ? (
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <Link
                to={panel.primary.to}
                className={`focus-ring inline-flex items-center rounded-lg px-3 py-1.5 font-semibold text-white ${solid}`}
              >
                {panel.primary.label}
              </Link>
              {panel.others.map((action) => (
                <Link
                  key={action.to}
                  to={action.to}
                  className={`focus-ring rounded font-semibold underline underline-offset-2 hover:no-underline ${style.action}`}
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
 * The account banners (BAN-01..12) as the contract decides them from the billing flags, one panel per
 * problem (bannerPanels); Billing and Overview both render this. Every banner whose condition holds
 * shows its text.
 */
export function AccountBanners({ flags }: { flags: BannerFlags }) {
  const panels = bannerPanels(accountBanners(flags));
  if (panels.length === 0) return null;
  return (
    <div className="space-y-3" aria-label="Account alerts" role="region">
      {panels.map((panel) =>
        panel.title ? (
          <BannerGroup key={panel.key} panel={panel} />
        ) : (
          <InfoBanner
            key={panel.key}
            variant={panel.variant}
            message={panel.messages[0]}
            {...(panel.primary ? { action: panel.primary } : {})}
          />
        ),
      )}
    </div>
  );
}
