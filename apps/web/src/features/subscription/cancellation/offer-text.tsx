import { CANCELLATION_TEXT, type CancellationOffer } from '@enq/contract';

/** What fits the reason, in words with its figures (the server worked them out). */
export function OfferText({ offer }: { offer: CancellationOffer }) {
  if (!offer) return <p>{CANCELLATION_TEXT.noOffer}</p>;
  if (offer.kind === 'cheaper_plan')
    return (
      <div className="space-y-1 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100">
        <p>
          {CANCELLATION_TEXT.cheaperPlan(
            offer.plan.name,
            offer.periods_compared,
            offer.cost,
            offer.current_cost,
          )}
        </p>
        <p className="font-medium text-slate-900">
          {CANCELLATION_TEXT.cheaperPlanSaves(Math.round((offer.current_cost - offer.cost) * 100) / 100)}
        </p>
      </div>
    );
  if (offer.kind === 'pause') return <p>{CANCELLATION_TEXT.pauseOffer(offer.until)}</p>;
  return <p>{CANCELLATION_TEXT.featureOffer}</p>;
}
