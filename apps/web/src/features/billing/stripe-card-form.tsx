import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { MESSAGES } from '@enq/contract';
import { CardFormFrame, useCardSubmission } from './card-form-frame';

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
  const submission = useCardSubmission(onPaymentMethod);

  async function submit() {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    await submission.run(async () => {
      // The card goes straight from Stripe's element to Stripe; we only ever see the pm id.
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (!result.error) return result.paymentMethod.id;
      submission.setError(result.error.message ?? MESSAGES.genericError);
      return null;
    });
  }

  return (
    <CardFormFrame submission={submission} canSubmit={!!stripe} onSubmit={submit} onCancel={onCancel}>
      <div className="rounded-lg px-3 py-3 ring-1 ring-slate-300 ring-inset">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
    </CardFormFrame>
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
