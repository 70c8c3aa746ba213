import { useState } from 'react';
import { Field, Input } from '../../components/ui/field';
import { createSandboxPaymentMethod } from './api/create-sandbox-payment-method';
import { CardFormFrame, useCardSubmission } from './card-form-frame';

/** "MM/YY" or "MM/YYYY" → month and four-digit year; null when unreadable. */
function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * The sandbox's own card form (no Stripe key configured): Stripe's test numbers behave as at Stripe.
 * The number goes to the sandbox tokeniser only, never with Stripe configured.
 */
export function SandboxCardForm({
  onPaymentMethod,
  onCancel,
}: {
  onPaymentMethod: (pmId: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const submission = useCardSubmission(onPaymentMethod);

  async function submit() {
    const exp = parseExpiry(expiry);
    if (!exp) return submission.setError("Your card's expiration date is incomplete.");
    if (!/^\d{3,4}$/.test(cvc)) return submission.setError("Your card's security code is incomplete.");
    await submission.run(async () => {
      const { pm_id } = await createSandboxPaymentMethod({
        number: number.replace(/\s+/g, ''),
        exp_month: exp.month,
        exp_year: exp.year,
        cvc,
      });
      return pm_id;
    });
  }

  return (
    <CardFormFrame
      submission={submission}
      canSubmit={number.trim() !== ''}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {/* As payment providers show a sandbox: a clear badge and the test cards, no developer wording. */}
      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 ring-1 ring-amber-200">
        <span className="rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
          Test mode
        </span>
        <p className="text-sm text-amber-950">
          No real charge is made. Use <span className="font-mono">4242 4242 4242 4242</span> with any future
          date and any CVC; <span className="font-mono">4000 0000 0000 0002</span> is declined.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <Field id="card-number" label="Card number" className="sm:col-span-2">
          {(aria) => (
            <Input
              {...aria}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={number}
              onChange={(event) => setNumber(event.target.value)}
            />
          )}
        </Field>
        <Field id="card-expiry" label="Expiry (MM/YY)">
          {(aria) => (
            <Input
              {...aria}
              autoComplete="cc-exp"
              placeholder="MM/YY"
              value={expiry}
              onChange={(event) => setExpiry(event.target.value)}
            />
          )}
        </Field>
        <Field id="card-cvc" label="CVC">
          {(aria) => (
            <Input
              {...aria}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              value={cvc}
              onChange={(event) => setCvc(event.target.value)}
            />
          )}
        </Field>
      </div>
    </CardFormFrame>
  );
}
