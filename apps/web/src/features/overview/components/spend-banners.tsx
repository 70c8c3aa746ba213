import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { BANNER_STYLES, InfoBanner } from '../../../components/ui/info-banner';
import { spendControlQuery } from '../../../lib/spend-control-query';
import { useDismissSpendAlert } from '../api/dismiss-spend-alert';

/**
 * SPEND-04, SPEND-06, SPEND-07, SPEND-16: a state to act on (the spending cap reached, a user held back
 * by their limit) with its action and no ×, and each alert fired this period and not dismissed (warning,
 * with its own ×). Asked once the overview is drawn, so it never delays the overview's own answer.
 */
export function SpendBanners() {
  const spend = useQuery(spendControlQuery);
  const dismiss = useDismissSpendAlert();
  const banners = spend.data?.banners ?? [];
  if (banners.length === 0) return null;
  return (
    <div className="space-y-3" aria-label="Spend alerts" role="region">
      {banners.map((banner) =>
        banner.action ? (
          <InfoBanner
            key={banner.key}
            variant={banner.variant}
            message={banner.message}
            action={banner.action}
          />
        ) : (
          <InfoBanner
            key={banner.key}
            variant={banner.variant}
            message={
              <div className="flex items-start justify-between gap-3">
                <span>{banner.message}</span>
                <button
                  type="button"
                  aria-label={`Dismiss: ${banner.message}`}
                  onClick={() => dismiss.mutate(banner.key)}
                  className={`focus-ring -m-1 shrink-0 rounded p-1 hover:bg-amber-100 ${BANNER_STYLES.warning.action}`}
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </div>
            }
          />
        ),
      )}
    </div>
  );
}
