import { type HoldMusic, type User, type UserFieldErrors } from '@enq/contract';
import { useId, useState, type FormEvent } from 'react';
import { HoldMusicSelect } from './user-rows';
import { UsersDialog } from './users-dialog';

type Draft = Pick<User, 'full_name' | 'email' | 'hold_music'>;

export interface UserFormModalProps {
  title: string;
  confirmLabel: string;
  initial: Draft;
  list: HoldMusic[];
  /** The admin's name and email are not editable (USR-75). */
  identityLocked?: boolean;
  validate: (draft: Draft) => UserFieldErrors;
  onSubmit: (draft: Draft) => void;
  onClose: () => void;
}

const inputClass =
  'focus-ring mt-1 w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:ring-red-500';

/** 'Edit user info' (Save/Cancel) and 'Add new user' (Add/Cancel): one form, two uses. */
export function UserFormModal({
  title,
  confirmLabel,
  initial,
  list,
  identityLocked = false,
  validate,
  onSubmit,
  onClose,
}: UserFormModalProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(initial);
  const [tried, setTried] = useState(false);
  const errors = tried ? validate(draft) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = validate(draft);
    if (found.full_name || found.email) return;
    onSubmit({ ...draft, full_name: draft.full_name.trim(), email: draft.email.trim() });
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <UsersDialog open title={title} confirmLabel={confirmLabel} onClose={onClose} formId={`${id}-form`}>
      <form id={`${id}-form`} noValidate onSubmit={submit} className="space-y-4 text-slate-800">
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Full name
          </label>
          <input
            id={`${id}-name`}
            value={draft.full_name}
            disabled={identityLocked}
            onChange={(event) => set({ full_name: event.target.value })}
            aria-invalid={errors.full_name ? true : undefined}
            aria-describedby={errors.full_name ? `${id}-name-error` : undefined}
            className={inputClass}
            autoComplete="off"
          />
          {errors.full_name ? (
            <p id={`${id}-name-error`} className="mt-1 text-xs font-medium text-red-600">
              {errors.full_name}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            value={draft.email}
            disabled={identityLocked}
            onChange={(event) => set({ email: event.target.value })}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            className={inputClass}
            autoComplete="off"
          />
          {errors.email ? (
            <p id={`${id}-email-error`} className="mt-1 text-xs font-medium text-red-600">
              {errors.email}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-music`} className="text-sm font-medium">
            Hold music
          </label>
          <div className="mt-1">
            <HoldMusicSelect
              id={`${id}-music`}
              label="Hold music"
              value={draft.hold_music}
              list={list}
              onChange={(value) => set({ hold_music: value })}
            />
          </div>
        </div>
      </form>
    </UsersDialog>
  );
}
