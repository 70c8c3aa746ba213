import { USERS_TEXT } from '@enq/contract';
import { AlertCircle, LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export interface SaveBarProps {
  pending: boolean;
  showHint: boolean;
  errors: string[];
  canSave: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}

/** The hint, the inline error text, and Save Changes / Cancel while changes are pending (USR-23..25). */
export function SaveBar({ pending, showHint, errors, canSave, saving, onSave, onCancel }: SaveBarProps) {
  if (!pending && errors.length === 0) return null;
  return (
    <div className="sticky bottom-0 z-20 -mx-4 mt-4 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="flex-1 text-sm">
          {showHint ? <p className="text-slate-700">{USERS_TEXT.saveHint}</p> : null}
          {errors.length ? (
            <ul role="alert" aria-label="Problems to fix before saving" className="space-y-0.5 text-red-700">
              {errors.map((e) => (
                <li key={e} className="flex items-start gap-1.5">
                  <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {e}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {pending ? (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onCancel} disabled={saving}>
              {USERS_TEXT.cancel}
            </Button>
            <Button onClick={onSave} disabled={!canSave} aria-busy={saving}>
              {saving ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {USERS_TEXT.saveChanges}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
