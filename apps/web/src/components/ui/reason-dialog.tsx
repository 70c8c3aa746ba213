import { MESSAGES, STAFF_ERRORS, STAFF_REASON_MAX } from '@enq/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { newActionKey } from '../../lib/admin-api';
import { ApiError } from '../../lib/api-client';
import { Button } from './button';
import { Field, controlClass } from './field';

/** Errors by the API field they concern ('credits', 'effective_from'); '' for the whole action. */
export type FieldErrors = Record<string, string>;

/** Thrown by a dialog's own check of its fields, before anything is sent. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ReasonDialogProps {
  title: string;
  description?: ReactNode;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  /** The action's own fields, above the reason, given the errors by the API field they name. */
  children?: (errors: FieldErrors) => ReactNode;
  /** The fields `children` shows errors under; an error naming another field shows below the form. */
  fieldNames?: readonly string[];
  /**
   * Runs the action with the reason and this opening's Idempotency-Key; the dialog closes once it
   * resolves. An InputError or a refusal naming a field shows under that field.
   */
  onSubmit: (reason: string, key: string) => Promise<unknown>;
  onClose: () => void;
}

/** A refusal's message without its 'field: ' prefix, which the field it shows under already says. */
const bare = (message: string, field: string) =>
  message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;

/**
 * Every console change in a dialog: its own fields, then the reason each change carries into the staff
 * audit trail and the customer's activity log (ADMIN-02). It is mounted per opening and keeps one
 * Idempotency-Key for that opening: a double click or a retry after a lost answer acts once.
 */
export function ReasonDialog({
  title,
  description,
  submitLabel,
  tone = 'primary',
  children,
  fieldNames = [],
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [key] = useState(newActionKey);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    if (!trimmed) return setErrors({ reason: STAFF_ERRORS.reasonRequired });
    setErrors({});
    setBusy(true);
    try {
      // Called before any await, so an action may still open a window in the click's gesture.
      await onSubmit(trimmed, key);
      onClose();
    } catch (error) {
      const named = error instanceof InputError || error instanceof ApiError ? (error.field ?? '') : '';
      const field = named === 'reason' || fieldNames.includes(named) ? named : '';
      const message =
        error instanceof InputError || error instanceof ApiError ? error.message : MESSAGES.genericError;
      setErrors({ [field]: bare(message, field) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none ${children ? 'max-w-lg' : 'max-w-md'}`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description asChild>
              <div className="mt-1 text-sm text-slate-600">{description}</div>
            </Dialog.Description>
          ) : null}
          <form className="mt-5 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
            {children?.(errors)}
            <div>
              <Field id="staff-reason" label="Reason" required error={errors.reason} announce>
                {(control) => (
                  <textarea
                    {...control}
                    rows={3}
                    maxLength={STAFF_REASON_MAX}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    className={controlClass()}
                  />
                )}
              </Field>
              <p className="mt-1 text-xs text-slate-500">Kept in the staff audit trail.</p>
            </div>
            {errors[''] ? (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {errors['']}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant={tone} disabled={busy} aria-busy={busy}>
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
