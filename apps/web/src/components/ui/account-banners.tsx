import { accountBanners, type BannerFlags } from '@enq/contract';
import { InfoBanner } from './info-banner';

/**
 * The account banners (BAN-01..12) as the contract decides them from the billing
 * flags; Billing and Overview both render this.
 */
export function AccountBanners({ flags }: { flags: BannerFlags }) {
  const banners = accountBanners(flags);
  if (banners.length === 0) return null;
  return (
    <div className="space-y-3" aria-label="Account alerts" role="region">
      {banners.map((banner) => (
        <InfoBanner
          key={banner.kind}
          variant={banner.variant}
          message={banner.message}
          {...(banner.action ? { action: { label: banner.action.label, to: banner.action.to } } : {})}
        />
      ))}
    </div>
  );
}
