import { STAFF_ERRORS, STAFF_REASON_MAX } from '@enq/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/ui/button';
import { Field, controlClass } from '../../components/ui/field';
import { ADMIN_QUERY_KEY, newActionKey } from '../../lib/admin-api';
import { ApiError } from '../../lib/api-client';

/** An error by the field it concerns; '' for one that concerns the whole action. */
export type FieldErrors = Record<string, string>;

/** Thrown by a dialog's own check before anything is sent. */
export class InputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ActionDialogProps {
  title: string;
  description: ReactNode;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  /** The fields above the reason; `errors` holds each one's message by its API field name. */
  fields?: (errors: FieldErrors) => ReactNode;
  /** The API field names `fields` shows errors for; an error of another field shows below the form. */
  fieldNames?: string[];
  /** Sends the action with this opening's idempotency key; answers the message to show. */
  send: (reason: string, key: string) => Promise<string | null>;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * One console action's dialog: its fields, a required reason, and one Idempotency-Key for this
 * opening (a double click or a retry after a lost answer acts once). An error names its field and
 * shows under it; a success refreshes the account page's queries and says what was done.
 */
export function ActionDialog({
  title,
  description,
  submitLabel,
  tone = 'primary',
  fields,
  fieldNames = [],
  send,
  onClose,
  onDone,
}: ActionDialogProps) {
  const [key] = useState(newActionKey);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const queryClient = useQueryClient();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = reason.trim();
    setBusy(true);
    setErrors({});
    try {
      if (!trimmed) throw new InputError('reason', STAFF_ERRORS.reasonRequired);
      const message = await send(trimmed, key);
      await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
      if (message) {
        toast.success(message);
        onDone(message);
      }
    } catch (error) {
      const named = error instanceof InputError || error instanceof ApiError ? (error.field ?? '') : '';
      const field = named === 'reason' || fieldNames.includes(named) ? named : '';
      setErrors({ [field]: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-1 text-sm text-slate-600">{description}</div>
          </Dialog.Description>
          <form className="mt-5 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
            {fields?.(errors)}
            <Field id="action-reason" label="Reason" required error={errors.reason}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={STAFF_REASON_MAX}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder="Why, as the audit trail and the customer's activity log will show it"
                  className={controlClass()}
                />
              )}
            </Field>
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
