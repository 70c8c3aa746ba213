import { STAFF_ERRORS } from '@enq/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Field, controlClass } from './field';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  /** The server's refusal, shown under the reason. */
  error?: string | null;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * A console action's confirmation: every action that changes something carries a reason, kept in the
 * staff audit trail (ADMIN-02). The dialog is mounted per opening, so the reason starts empty.
 */
export function ReasonDialog({
  open,
  title,
  body,
  confirmLabel,
  tone = 'primary',
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          {...(body ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {body ? (
            <Dialog.Description asChild>
              <div className="mt-2 text-sm text-slate-600">{body}</div>
            </Dialog.Description>
          ) : null}
          <form
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Field
              id="staff-reason"
              label="Reason"
              required
              error={missing ? STAFF_ERRORS.reasonRequired : (error ?? null)}
              announce
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value);
                    setMissing(false);
                  }}
                  className={controlClass()}
                />
              )}
            </Field>
            <p className="mt-1 text-xs text-slate-500">Kept in the staff audit trail.</p>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" variant={tone} disabled={busy} aria-busy={busy}>
                {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                {confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
