import { maskPin } from '@enq/contract';
import { Mail, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export interface EditPinSectionProps {
  /** The saved PIN (masked here as in the table, USR-14). */
  pin: string;
  /** The form has edits: acting on the PIN would close the dialog and lose them. */
  edited: boolean;
  onChangePin: () => void;
  /** Absent for the admin: the PIN email is for the account's users. */
  onSendEmail?: () => void;
}

/**
 * The user's PIN in Edit user info, with what the row offers only through the bulk bar: email this one
 * person their PIN, or give them a new one. What makes the dialog worth opening beside the row's own
 * fields; each action goes on to its own confirmation (Send PIN Email, Change PIN; USR-76).
 */
export function EditPinSection({ pin, edited, onChangePin, onSendEmail }: EditPinSectionProps) {
  return (
    <section aria-label="PIN" className="mt-5 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          <span className="font-medium">PIN</span>{' '}
          <span className="font-mono tracking-wider text-slate-900" aria-label={`ending ${pin.slice(-4)}`}>
            {maskPin(pin)}
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {onSendEmail ? (
            <Button variant="secondary" disabled={edited} onClick={onSendEmail}>
              <Mail aria-hidden="true" className="size-4" />
              Send PIN email
            </Button>
          ) : null}
          <Button variant="secondary" disabled={edited} onClick={onChangePin}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Change PIN
          </Button>
        </div>
      </div>
      {edited ? (
        <p className="mt-2 text-xs text-slate-600">
          Save or cancel your edits first to send or change the PIN.
        </p>
      ) : null}
    </section>
  );
}
