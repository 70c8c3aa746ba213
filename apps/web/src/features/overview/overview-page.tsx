import { SUB_ACCOUNT_NOTICE_KEY, showHowToPanel, type OverviewResponse } from '@enq/contract';
import { AccountBanners } from '../../components/ui/account-banners';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageHeader } from '../../components/ui/page-header';
import { FeatureSlot } from '../../lib/feature-slots';
import { useDismissNotice } from './api/dismiss-notice';
import { useOverview } from './api/get-overview';
import { ForecastCard } from './components/forecast-card';
import { HowToPanel } from './components/how-to-panel';
import { NotificationList } from './components/notification-list';
import { PinCard } from './components/pin-card';
import { PriceChangeNotice } from './components/price-change-notice';
import { SpendBanners } from './components/spend-banners';
import { SubAccountNotice } from './components/sub-account-notice';
import { SubscriptionSummary } from './components/subscription-summary';
import { UsageCard } from './components/usage-card';

export function OverviewPage() {
  const overview = useOverview();
  return (
    <div className="space-y-6">
      <PageHeader path="/" />
      {overview.isPending ? (
        <PageSkeleton path="/" label="Loading overview" />
      ) : overview.isError ? (
        <LoadError onRetry={() => void overview.refetch()} />
      ) : (
        <OverviewDetails data={overview.data} />
      )}
    </div>
  );
}

function OverviewDetails({ data }: { data: OverviewResponse }) {
  const dismiss = useDismissNotice();
  const subAccount = data.sub_account_notification;
  return (
    <>
      <AccountBanners flags={data} />
      {data.subscription_info.pause ? <FeatureSlot name="pauseBanner" info={data.subscription_info} /> : null}
      <SpendBanners />
      {showHowToPanel(data.subscription_info.days_in_period) ? <HowToPanel /> : null}

      {/* Wide screens: the summary and notices on the left, the PIN and the sub-account notice beside them.
          Narrow screens read the PIN first. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-start-3 lg:row-start-1">
          <PinCard pin={data.pin} />
          {subAccount ? (
            <SubAccountNotice notice={subAccount} onDismiss={() => dismiss.mutate(SUB_ACCOUNT_NOTICE_KEY)} />
          ) : null}
        </div>
        <div className="space-y-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <SubscriptionSummary info={data.subscription_info} planName={data.plan_name} />
          <PriceChangeNotice />
          <ForecastCard />
          <UsageCard info={data.subscription_info} />
          <NotificationList
            notifications={data.common_notifications}
            onDismiss={(id) => dismiss.mutate(id)}
          />
        </div>
      </div>
    </>
  );
}
