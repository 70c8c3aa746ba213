import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { reportCardError, useCardError } from './card-errors';

export interface CardSubmission {
  busy: boolean;
  error: string | null;
  setError: (message: string | null) => void;
  /** Makes the payment method (null: it said why through setError) and hands its id on. */
  run: (createPaymentMethod: () => Promise<string | null>) => Promise<void>;
}

/** The saving state both card forms share: busy while it runs, and where a failure is told. */
export function useCardSubmission(onPaymentMethod: (pmId: string) => Promise<void>): CardSubmission {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useCardError();
  const run = async (createPaymentMethod: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const pmId = await createPaymentMethod();
      if (pmId) await onPaymentMethod(pmId);
    } catch (caught) {
      reportCardError(caught, setError);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** The card form around either provider's fields: the inline error, Save card and Cancel. */
export function CardFormFrame({
  submission,
  canSubmit,
  onSubmit,
  onCancel,
  children,
}: {
  submission: CardSubmission;
  canSubmit: boolean;
  onSubmit: () => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { busy, error } = submission;
  return (
    <form
      aria-label="Card details"
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <p role="alert" aria-live="assertive" className="min-h-5 text-sm text-red-700">
        {error}
      </p>
      <div className="flex gap-3">
        <Button type="submit" disabled={busy || !canSubmit} aria-busy={busy}>
          Save card
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
