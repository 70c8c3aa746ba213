import type { User } from '@enq/contract';
import { DialogList, UsersDialog } from './users-dialog';

export interface NewPinsModalProps {
  open: boolean;
  users: User[];
  sending: boolean;
  onSend: () => void;
  onClose: () => void;
}

/**
 * After a save that added users: each new user's PIN in full, with the offer to email it (the same
 * email as Send PIN email). The table masks PINs (USR-14); this is the one handover, made to whoever
 * just added them, so that a new colleague can call without asking the admin to look it up.
 */
export function NewPinsModal({ open, users, sending, onSend, onClose }: NewPinsModalProps) {
  const one = users.length === 1;
  return (
    <UsersDialog
      open={open}
      wide
      title={one ? "New user's PIN" : "New users' PINs"}
      confirmLabel="Send PIN email"
      cancelLabel="Not now"
      busy={sending}
      onConfirm={onSend}
      onClose={onClose}
    >
      <p>
        {one
          ? `${users[0]!.full_name} can call with this PIN now. Email it to them, or pass it on yourself.`
          : `These ${users.length} users can call with their PINs now. Email each their own, or pass them on yourself.`}
      </p>
      <DialogList
        label={one ? 'New user' : 'New users'}
        items={users.map((u) => (
          <span key={u.email} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span>
              {u.full_name} <span className="text-slate-500">({u.email})</span>
            </span>
            <span className="whitespace-nowrap">
              <span className="text-xs font-medium text-slate-500">PIN</span>{' '}
              <span className="font-mono font-semibold tracking-wider text-slate-900">{u.pin_number}</span>
            </span>
          </span>
        ))}
      />
    </UsersDialog>
  );
}
