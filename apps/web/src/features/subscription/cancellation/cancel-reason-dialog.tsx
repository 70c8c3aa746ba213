import {
  CANCELLATION_REASONS,
  CANCELLATION_REASON_IDS,
  CANCELLATION_TEXT,
  CANCELLATION_WORDS_MAX,
  FEATURE_REQUEST_DETAILS_PARAM,
  pauseOfferPath,
  type CancelBody,
  type CancellationOffer,
  type CancellationReason,
} from '@enq/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { controlClass } from '../../../components/ui/field';
import { Link } from '../../../lib/router';
import { OfferText } from './offer-text';

export interface CancelReasonDialogProps {
  /** Asks what fits the reason; null: nothing does. */
  loadOffer: (reason: CancellationReason) => Promise<CancellationOffer>;
  /** Goes on to the cancellation (its preview and Proceed). */
  onCancel: (body: CancelBody) => void;
  /** Takes the cheaper plan through the plan change's own preview and Proceed. */
  onSwitch: (body: CancelBody, plan: { price_id: string; label: string }) => void;
  /** The customer left for the feature request form. */
  onFeatureRequest: (body: CancelBody) => void;
  /** The customer took the pause: answers once it is counted, before the page leaves for the pause. */
  onPause: (body: CancelBody) => Promise<void>;
  onClose: () => void;
}

/**
 * The cancel flow's first steps (issue 64): one reason with optional words, then what fits it, with its
 * figures; "No thanks, cancel anyway" always goes on to the cancellation's own confirmation.
 */
export function CancelReasonDialog({
  loadOffer,
  onCancel,
  onSwitch,
  onFeatureRequest,
  onPause,
  onClose,
}: CancelReasonDialogProps) {
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [words, setWords] = useState('');
  const [offer, setOffer] = useState<{ value: CancellationOffer } | null>(null);
  const [loading, setLoading] = useState(false);
  const body = (): CancelBody => ({ reason: reason!, ...(words.trim() ? { words: words.trim() } : {}) });

  async function goOn() {
    if (!reason || loading) return;
    setLoading(true);
    try {
      const value = await loadOffer(reason);
      if (value) setOffer({ value });
      else onCancel(body());
    } catch {
      // The offer is a courtesy: without it the customer still cancels as asked.
      onCancel(body());
    } finally {
      setLoading(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {offer ? 'Before you go' : 'Before you cancel'}
          </Dialog.Title>
          {offer ? (
            <div className="mt-3 space-y-4 text-sm text-slate-700">
              <OfferText offer={offer.value} />
              <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
                {offer.value?.kind === 'cheaper_plan' ? (
                  <Button
                    onClick={() => {
                      const plan = offer.value as Extract<CancellationOffer, { kind: 'cheaper_plan' }>;
                      onSwitch(body(), {
                        price_id: plan.plan.price_id,
                        label: `${plan.plan.name} monthly`,
                      });
                    }}
                  >
                    {CANCELLATION_TEXT.switchPlan(offer.value.plan.name)}
                  </Button>
                ) : null}
                {offer.value?.kind === 'pause' ? (
                  // The pause itself is the Subscription page's own section, its date already chosen.
                  <a
                    href={pauseOfferPath(offer.value.until)}
                    className={buttonClass('primary')}
                    onClick={(event) => {
                      // Counted as taken before the page loads the pause's section (a load would drop it).
                      event.preventDefault();
                      const href = event.currentTarget.href;
                      void onPause(body()).finally(() => window.location.assign(href));
                    }}
                  >
                    {CANCELLATION_TEXT.pauseLink}
                  </a>
                ) : null}
                {offer.value?.kind === 'feature_request' ? (
                  <Link
                    // The form opens with the customer's words in its Details.
                    href={`/feature-request${words.trim() ? `?${FEATURE_REQUEST_DETAILS_PARAM}=${encodeURIComponent(words.trim())}` : ''}`}
                    className={buttonClass('primary')}
                    onClick={() => onFeatureRequest(body())}
                  >
                    {CANCELLATION_TEXT.featureLink}
                  </Link>
                ) : null}
                <Button variant="secondary" onClick={() => onCancel(body())}>
                  {CANCELLATION_TEXT.cancelAnyway}
                </Button>
              </div>
            </div>
          ) : (
            <form
              className="mt-3 space-y-4"
              onSubmit={(event) => {
                event.preventDefault();
                void goOn();
              }}
            >
              <fieldset>
                <legend className="text-sm font-medium text-slate-900">{CANCELLATION_TEXT.question}</legend>
                <div className="mt-2 space-y-2">
                  {CANCELLATION_REASON_IDS.map((id) => (
                    <label key={id} className="flex items-center gap-3 text-sm text-slate-700">
                      <input
                        type="radio"
                        name="cancel-reason"
                        value={id}
                        checked={reason === id}
                        onChange={() => setReason(id)}
                        className="focus-ring size-4 accent-brand-700"
                      />
                      {CANCELLATION_REASONS[id]}
                    </label>
                  ))}
                </div>
              </fieldset>
              <label className="block text-sm font-medium text-slate-900">
                {CANCELLATION_TEXT.wordsLabel}
                <textarea
                  value={words}
                  maxLength={CANCELLATION_WORDS_MAX}
                  rows={3}
                  onChange={(event) => setWords(event.target.value)}
                  className={`${controlClass()} mt-1 font-normal`}
                />
              </label>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={onClose}>
                  Keep my plan
                </Button>
                <Button type="submit" variant="danger" disabled={!reason || loading} aria-busy={loading}>
                  {loading ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                  {CANCELLATION_TEXT.goOn}
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
