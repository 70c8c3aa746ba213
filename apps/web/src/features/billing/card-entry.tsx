import { lazy, Suspense } from 'react';
import { Loader } from '../../components/ui/loader';
import { SandboxCardForm } from './sandbox-card-form';

// Stripe.js loads only when Stripe is configured.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** Card entry behind one component: Stripe Elements with a publishable key, the sandbox form otherwise. */
export function CardEntry({
  stripePk,
  onPaymentMethod,
  onCancel,
}: {
  stripePk: string | undefined;
  onPaymentMethod: (pmId: string) => Promise<void>;
  onCancel: () => void;
}) {
  if (!stripePk) return <SandboxCardForm onPaymentMethod={onPaymentMethod} onCancel={onCancel} />;
  return (
    <Suspense fallback={<Loader label="Loading card form" />}>
      <StripeCardForm publishableKey={stripePk} onPaymentMethod={onPaymentMethod} onCancel={onCancel} />
    </Suspense>
  );
}
