import { USERS_TEXT, type HoldMusic, type UserFieldErrors } from '@enq/contract';
import { Pencil, Trash2 } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { FieldError, Input } from '../../../components/ui/field';
import type { EditableField, UserRow } from '../users-state';
import { HoldMusicSelect } from './hold-music-select';
import { PinCell } from './pin-cell';
import { cellClass, editButton, editWord, iconButton, phoneCard, phoneCell } from './row-styles';

interface UserRowProps {
  row: UserRow;
  index: number;
  errors: UserFieldErrors;
  list: HoldMusic[];
  selected: boolean;
  /** Fields, Edit and hold music locked (saving, inactive, or another row is being added). */
  locked: boolean;
  selectLocked: boolean;
  pinLocked: boolean;
  /** The name field takes the focus (a row being added inline, USR-34). */
  autoFocus: boolean;
  onEdit: (key: string, field: EditableField, value: string) => void;
  onToggle: (key: string) => void;
  onOpenEdit: (key: string) => void;
  onRemove: (key: string) => void;
  onChangePin: (key: string) => void;
}

/** A sub-account user: checkbox, PIN with change, editable name and email, hold music, Edit, delete. */
export const UserRowView = memo(function UserRowView({
  row,
  index,
  errors,
  list,
  selected,
  locked,
  selectLocked,
  pinLocked,
  autoFocus,
  onEdit,
  onToggle,
  onOpenEdit,
  onRemove,
  onChangePin,
}: UserRowProps) {
  const rowRef = useRef<HTMLTableRowElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const shownKey = useRef(row.key);
  // The table reuses its rows' elements for other users (see UsersTable): a field that had the focus
  // must not carry it over to someone else's row, so that typing never edits another user.
  useLayoutEffect(() => {
    if (shownKey.current === row.key) return;
    shownKey.current = row.key;
    const active = document.activeElement;
    if (active instanceof HTMLElement && rowRef.current?.contains(active)) active.blur();
  }, [row.key]);
  useEffect(() => {
    if (!autoFocus || !nameRef.current) return;
    // Centred, not just inside the window: the save bar sits over the bottom of the screen.
    nameRef.current.focus({ preventScroll: true });
    nameRef.current.scrollIntoView?.({ block: 'center' });
  }, [autoFocus, row.key]);
  const name = row.full_name || (row.isNew ? 'new user' : row.email);
  const id = `user-${row.key}`;
  const rowClass = row.removed
    ? 'bg-red-50/60 text-slate-400 line-through'
    : row.isNew
      ? 'bg-emerald-50/60'
      : row.updated
        ? 'bg-amber-50/50'
        : 'bg-white';
  return (
    <tr
      ref={rowRef}
      data-index={index}
      data-testid={row.isNew ? 'new-row' : 'user-row'}
      className={`${rowClass} ${phoneCard}`}
    >
      <td className={`${cellClass} ${phoneCell.select}`}>
        <input
          type="checkbox"
          checked={selected}
          disabled={selectLocked || row.isNew || row.removed}
          onChange={() => onToggle(row.key)}
          aria-label={`Select ${name}`}
          className="focus-ring mt-2 size-4 rounded border-slate-300 accent-brand-600"
        />
      </td>
      <td className={`${cellClass} ${phoneCell.pin}`}>
        {row.isNew ? (
          <span className="mt-1.5 inline-block rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
            {USERS_TEXT.newUser}
          </span>
        ) : (
          <PinCell
            pin={row.pin_number}
            name={name}
            disabled={pinLocked}
            onChangePin={() => onChangePin(row.key)}
          />
        )}
      </td>
      <td className={`${cellClass} ${phoneCell.name}`}>
        <Input
          ref={nameRef}
          size="sm"
          value={row.full_name}
          onChange={(event) => onEdit(row.key, 'full_name', event.target.value)}
          disabled={locked || row.removed}
          placeholder="Full name"
          aria-label={row.isNew ? 'Full name of the new user' : `Full name of ${name}`}
          aria-invalid={errors.full_name ? true : undefined}
          aria-describedby={errors.full_name ? `${id}-name-error` : undefined}
          className="min-w-32 lg:w-36"
        />
        <FieldError id={`${id}-name-error`} message={errors.full_name} />
      </td>
      <td className={`${cellClass} ${phoneCell.email}`}>
        <Input
          size="sm"
          type="email"
          value={row.email}
          // The column is narrower than most addresses: hovering shows the whole one.
          title={row.email || undefined}
          onChange={(event) => onEdit(row.key, 'email', event.target.value)}
          disabled={locked || row.removed}
          placeholder="name@example.com"
          aria-label={row.isNew ? 'Email of the new user' : `Email of ${name}`}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          // On wide screens wide enough for a whole address of 34 characters ("benjamin.carter@harborpinetax.com").
          className="w-full lg:min-w-[18rem]"
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </td>
      <td className={`${cellClass} ${phoneCell.music}`}>
        <HoldMusicSelect
          label={`Hold music for ${name}`}
          value={row.hold_music}
          list={list}
          disabled={locked || row.removed}
          onChange={(value) => onEdit(row.key, 'hold_music', value)}
        />
      </td>
      <td className={`${cellClass} ${phoneCell.edit}`}>
        <button
          type="button"
          className={editButton}
          title={USERS_TEXT.editUserTitle}
          onClick={() => onOpenEdit(row.key)}
          disabled={locked || row.removed}
          aria-label={`Edit ${name}`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {/* The pencil (and its tooltip) says it on phones and wide screens, where room is short. */}
          <span className={editWord}>Edit</span>
        </button>
      </td>
      <td className={`${cellClass} ${phoneCell.remove}`}>
        <button
          type="button"
          className={`${iconButton} hover:bg-red-50 hover:text-red-600`}
          onClick={() => onRemove(row.key)}
          disabled={locked || row.removed}
          title={USERS_TEXT.deleteUser}
          aria-label={USERS_TEXT.deleteUser}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </td>
    </tr>
  );
});
