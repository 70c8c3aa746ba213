import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { USERS_DIALOG_LIST_MAX_HEIGHT_PX } from '../users-settings';

export interface UsersDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** Without it the dialog has only its close button. */
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  confirmDisabled?: boolean;
  onConfirm?: () => void;
  onClose: () => void;
  /** Dialogs holding a form submit it with the confirm button. */
  formId?: string;
  wide?: boolean;
}

/** The Users page's modals: a title, a body, and Cancel plus one action (or a single close button). */
export function UsersDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  busy = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
  formId,
  wide = false,
}: UsersDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none ${wide ? 'max-w-xl' : 'max-w-md'}`}
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <div className="mt-3 text-sm text-slate-600">{children}</div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {confirmLabel ? (
              <>
                <Button variant="secondary" onClick={onClose} disabled={busy}>
                  {cancelLabel}
                </Button>
                <Button
                  variant={tone}
                  type={formId ? 'submit' : 'button'}
                  form={formId}
                  onClick={formId ? undefined : onConfirm}
                  disabled={busy || confirmDisabled}
                  aria-busy={busy}
                >
                  {busy ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                  {confirmLabel}
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>{cancelLabel}</Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A list inside a dialog: scrolls past 350 px (USR-80). */
export function DialogList({ label, items }: { label: string; items: ReactNode[] }) {
  return (
    <section aria-label={label} className="mt-3">
      <h3 className="font-semibold text-slate-800">{label}</h3>
      <ul
        data-testid="dialog-list"
        style={{ maxHeight: USERS_DIALOG_LIST_MAX_HEIGHT_PX }}
        className="mt-1 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200"
      >
        {items.map((item, i) => (
          <li key={i} className="px-3 py-1.5">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
