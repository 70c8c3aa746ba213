import { type SubscriptionResponse, formatDate, planLabel } from '@enq/contract';
import { useState } from 'react';
import { ConfirmModal } from '../../components/ui/confirm-modal';
import { InfoBanner } from '../../components/ui/info-banner';
import { LoadError } from '../../components/ui/load-error';
import { FeatureSlot } from '../../lib/feature-slots';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageHeader } from '../../components/ui/page-header';
import { useSubscription } from './api/get-subscription';
import { AlertsAndLimits } from './alerts-and-limits';
import { getCancellationOffer } from './cancellation/api/get-cancellation-offer';
import { recordAlternative } from './cancellation/api/record-alternative';
import { CancelReasonModal } from './cancellation/cancel-reason-modal';
import { KeepLinkDialog } from './cancellation/keep-link-dialog';
import { CurrentPlan } from './current-plan';
import { PlanCards } from './plan-cards';
import { UpgradeAdvisor } from './upgrade-advisor';
import { useSubscriptionFlow, type SubscriptionAction } from './use-subscription-flow';

export const INACTIVE_TEXT = 'Your subscription is inactive. Choose a plan to start it again.';

function modalTitle(action: SubscriptionAction, info: SubscriptionResponse): string {
  if (action.kind === 'cancel') return 'Cancel your subscription?';
  if (action.kind === 'renew') return `Renew ${action.label} now?`;
  if (action.kind === 'keep') return `Keep ${action.label}?`;
  if (!info.is_subscription_active) return `Start ${action.label}?`;
  return `Change to ${action.label}?`;
}

export function SubscriptionPage() {
  const subscription = useSubscription();
  return (
    <div className="space-y-6">
      <PageHeader path="/subscription" />
      {subscription.isPending ? (
        <PageSkeleton path="/subscription" label="Loading subscription" />
      ) : subscription.isError ? (
        <LoadError onRetry={() => void subscription.refetch()} />
      ) : (
        <SubscriptionDetails info={subscription.data} />
      )}
    </div>
  );
}

function SubscriptionDetails({ info }: { info: SubscriptionResponse }) {
  const flow = useSubscriptionFlow();
  const [askingWhy, setAskingWhy] = useState(false);
  const inactive = !info.is_subscription_active;
  // A paused plan (PAUSE-01): the plan and the pause's section with Resume now; no plans to choose.
  const paused = info.status === 'paused';
  const plan = info.current_plan
    ? info.plans.find((candidate) => candidate.price_id === info.current_plan?.price_id)
    : undefined;
  const pendingPlan = info.pending_plan_id
    ? info.plans.find((candidate) => candidate.price_id === info.pending_plan_id)
    : undefined;
  const periodEnd = formatDate(info.period_end);

  return (
    <>
      {paused ? (
        <CurrentPlan
          info={info}
          plan={plan}
          locked
          busyKey={null}
          onAction={() => undefined}
          onCancel={() => undefined}
        />
      ) : inactive ? (
        // SUB-03: only the plans and the inactive banner.
        <InfoBanner variant="warning" message={INACTIVE_TEXT} />
      ) : (
        <>
          {info.cancel_at_period_end ? (
            <InfoBanner
              variant="warning"
              message={`Your subscription is cancelled and ends on ${periodEnd}. Until then your plan works as before.`}
            />
          ) : null}
          {info.pending_plan_id ? (
            <InfoBanner
              variant="info"
              message={`Your plan changes to ${pendingPlan ? planLabel(pendingPlan) : info.pending_plan_id} on ${periodEnd}.`}
            />
          ) : null}
          {info.is_credits_exhausted ? (
            <InfoBanner
              variant="warning"
              message="You have used all of this period's credits. Renew now to start a new period with fresh credits."
            />
          ) : null}
          <CurrentPlan
            info={info}
            plan={plan}
            locked={flow.locked}
            busyKey={flow.busyKey}
            onAction={(action) => void flow.start(action)}
            onCancel={() => setAskingWhy(true)}
          />
          <UpgradeAdvisor info={info} />
          <AlertsAndLimits />
        </>
      )}
      {info.status !== 'inactive' ? <FeatureSlot name="pauseSection" info={info} /> : null}

      {paused ? null : (
        <PlanCards
          plans={info.plans}
          currentPriceId={inactive ? null : (info.current_plan?.price_id ?? null)}
          pendingPriceId={inactive ? null : info.pending_plan_id}
          keepable={!inactive && (info.cancel_at_period_end || info.pending_plan_id !== null)}
          verb={inactive ? 'choose' : 'change'}
          locked={flow.locked}
          busyKey={flow.busyKey}
          onPick={(action) => void flow.start(action)}
        />
      )}

      <CancelReasonModal
        open={askingWhy}
        loadOffer={async (reason) => (await getCancellationOffer(reason)).offer}
        onCancel={(body) => {
          setAskingWhy(false);
          void flow.start({ kind: 'cancel', ...body });
        }}
        onSwitch={(body, plan) => {
          setAskingWhy(false);
          const alternative = { ...body, alternative: 'plan_change' as const };
          void flow.start({ kind: 'change', priceId: plan.price_id, label: plan.label, alternative });
        }}
        onFeatureRequest={(body) => {
          setAskingWhy(false);
          void recordAlternative({ ...body, alternative: 'feature_request' }).catch(() => undefined);
        }}
        onPause={(body) =>
          recordAlternative({ ...body, alternative: 'pause' }).then(
            () => undefined,
            () => undefined,
          )
        }
        onClose={() => setAskingWhy(false)}
      />
      <KeepLinkDialog />

      <ConfirmModal
        open={flow.confirming !== null}
        title={flow.confirming ? modalTitle(flow.confirming.action, info) : ''}
        body={flow.confirming ? <PreviewMessages messages={flow.confirming.messages} /> : undefined}
        confirmLabel="Proceed"
        cancelLabel="Cancel"
        tone={flow.confirming?.action.kind === 'cancel' ? 'danger' : 'primary'}
        busy={flow.posting}
        onConfirm={() => void flow.proceed()}
        onCancel={flow.dismiss}
      />
    </>
  );
}

/** SUB-06: the server's confirmation messages; the list scrolls past 350 px. */
function PreviewMessages({ messages }: { messages: string[] }) {
  if (messages.length === 0) return <p>Do you want to proceed?</p>;
  return (
    // Focusable so a long list can be scrolled from the keyboard.
    <ul
      tabIndex={0}
      aria-label="What will happen"
      className="focus-ring max-h-[350px] list-disc space-y-2 overflow-y-auto rounded-md pl-5 text-slate-700"
    >
      {messages.map((message, index) => (
        <li key={index}>{message}</li>
      ))}
    </ul>
  );
}
