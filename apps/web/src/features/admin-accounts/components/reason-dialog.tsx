import { STAFF_ERRORS } from '@enq/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { newActionKey } from '../../../lib/admin-api';
import { MESSAGES } from '@enq/contract';

/** Field errors by field name, as the server's envelope names them ('reason', 'exemption_reference'). */
export type FieldErrors = Record<string, string>;

/** The message of a refused request without its 'field: ' prefix (the field shows it already). */
const bare = (error: ApiError) =>
  error.field && error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;

/**
 * A console action's dialog: the action's own fields, then the reason every action carries (CONS-04,
 * CONS-05). It is mounted per opening, so it keeps one Idempotency-Key for that opening: a double
 * click or a retry after a lost answer acts once.
 */
export function ReasonDialog({
  title,
  description,
  submitLabel,
  onClose,
  onSubmit,
  children,
  check,
}: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  onClose: () => void;
  /** Runs the action with the opening's key; resolves when done. */
  onSubmit: (reason: string, key: string) => Promise<unknown>;
  /** The dialog's own fields, given the errors that name them. */
  children?: (errors: FieldErrors) => ReactNode;
  /** Checks the dialog's own fields before sending: errors by field. */
  check?: () => FieldErrors;
}) {
  const [key] = useState(newActionKey);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = { ...check?.() };
    if (!reason.trim()) found.reason = STAFF_ERRORS.reasonRequired;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await onSubmit(reason.trim(), key);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: bare(error) });
      else setFailure(error instanceof ApiError ? error.message : MESSAGES.genericError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          <form noValidate onSubmit={(e) => void submit(e)} className="mt-5 space-y-4">
            {children?.(errors)}
            <Field id="action-reason" label="Reason" required error={errors.reason}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  className="focus-ring block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset aria-invalid:ring-2 aria-invalid:ring-red-500"
                />
              )}
            </Field>
            {failure ? (
              <p role="alert" className="text-sm text-red-700">
                {failure}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                {submitLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
