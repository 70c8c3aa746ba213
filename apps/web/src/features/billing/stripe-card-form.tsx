import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { reportCardError, useCardError } from './card-errors';

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

function StripeForm({
  onPaymentMethod,
  onCancel,
}: {
  onPaymentMethod: (pmId: string) => Promise<void>;
  onCancel: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useCardError();

  async function submit() {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    try {
      // The card goes straight from Stripe's element to Stripe; we only ever see the pm id.
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error) {
        setError(result.error.message ?? null);
        if (!result.error.message) reportCardError(result.error, setError);
        return;
      }
      await onPaymentMethod(result.paymentMethod.id);
    } catch (caught) {
      reportCardError(caught, setError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-label="Card details"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="rounded-lg px-3 py-3 ring-1 ring-slate-300 ring-inset">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      <p role="alert" aria-live="assertive" className="min-h-5 text-sm text-red-700">
        {error}
      </p>
      <div className="flex gap-3">
        <Button type="submit" disabled={busy || !stripe} aria-busy={busy}>
          Save card
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Stripe Elements, used when the server gives a publishable key (stripe_pk). */
export default function StripeCardForm(props: {
  publishableKey: string;
  onPaymentMethod: (pmId: string) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <StripeForm onPaymentMethod={props.onPaymentMethod} onCancel={props.onCancel} />
    </Elements>
  );
}
