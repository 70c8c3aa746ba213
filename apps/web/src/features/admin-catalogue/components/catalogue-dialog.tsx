import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { newActionKey } from '../../../lib/admin-api';

/** A field's error as the server named it ('effective_from: …' loses its prefix under the field). */
export type FieldErrors = Record<string, string>;

/**
 * The state of one dialog opening: one Idempotency-Key (a double click or a retry acts once), the
 * reason every change carries, and the server's refusal under the field it names.
 */
export function useActionForm() {
  const [key] = useState(newActionKey);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const run = async (act: (key: string) => Promise<unknown>): Promise<boolean> => {
    setErrors({});
    setGeneral(null);
    try {
      await act(key);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const field = error instanceof ApiError ? error.field : undefined;
      if (field) setErrors({ [field]: message.replace(new RegExp(`^${field}: `), '') });
      else setGeneral(message);
      return false;
    }
  };
  return { key, reason, setReason, errors, general, run };
}

export type ActionForm = ReturnType<typeof useActionForm>;

/** A console change in a dialog: its fields, then the reason, the refusal and Save. */
export function CatalogueDialog({
  title,
  description,
  form,
  busy,
  submitLabel = 'Save',
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description?: string;
  form: ActionForm;
  busy: boolean;
  submitLabel?: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root open onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          ) : null}
          <form onSubmit={submit} noValidate className="mt-5 space-y-4">
            {children}
            <Field
              id="catalogue-reason"
              label="Reason (kept in the staff audit)"
              required
              error={form.errors.reason}
            >
              {(control) => (
                <Input
                  {...control}
                  value={form.reason}
                  onChange={(e) => form.setReason(e.target.value)}
                  maxLength={500}
                  autoComplete="off"
                />
              )}
            </Field>
            {form.general ? (
              <p
                role="alert"
                className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
              >
                {form.general}
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

/** The effective date box: empty means now; the value leaves as an ISO instant. */
export function EffectiveFromField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field id="catalogue-effective-from" label="Effective from (your time; empty for now)" error={error}>
      {(control) => (
        <Input {...control} type="datetime-local" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export const effectiveFromBody = (value: string) =>
  value ? { effective_from: new Date(value).toISOString() } : {};

/** '2026-12-01T05:00:00Z' → 'Dec 1, 2026, 12:00 AM' in the reader's zone. */
export const dateTimeText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
