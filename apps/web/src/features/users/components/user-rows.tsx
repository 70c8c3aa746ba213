import { maskPin, USERS_TEXT, type HoldMusic, type User, type UserFieldErrors } from '@enq/contract';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import type { EditableField, UserRow } from '../users-state';

const inputClass =
  'focus-ring w-full min-w-36 rounded-md border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:ring-red-500';
const selectClass =
  'focus-ring w-full min-w-36 rounded-md border-0 bg-white py-1.5 pr-7 pl-2.5 text-sm ring-1 ring-slate-300 ring-inset disabled:bg-slate-50 disabled:text-slate-500';
const iconButton =
  'focus-ring inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:cursor-not-allowed disabled:opacity-40';
export const cellClass = 'px-3 py-2 align-top';

export function HoldMusicSelect({
  id,
  label,
  value,
  list,
  disabled,
  onChange,
}: {
  id?: string;
  label: string;
  value: string;
  list: HoldMusic[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      className={selectClass}
    >
      {list.map((t) => (
        <option key={t.value} value={t.value}>
          {t.name}
        </option>
      ))}
    </select>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-600">
      {message}
    </p>
  );
}

function PinCell({
  pin,
  name,
  disabled,
  onChangePin,
}: {
  pin: string;
  name: string;
  disabled: boolean;
  onChangePin: () => void;
}) {
  return (
    <div className="flex items-center gap-1 whitespace-nowrap">
      <span
        className="font-mono text-sm tracking-wider text-slate-700"
        aria-label={`PIN ending ${pin.slice(-4)}`}
      >
        {maskPin(pin)}
      </span>
      <button
        type="button"
        className={iconButton}
        onClick={onChangePin}
        disabled={disabled}
        aria-label={`Change PIN for ${name}`}
        title="Change PIN"
      >
        <KeyRound aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

export interface AdminRowProps {
  admin: User & { updated: boolean };
  list: HoldMusic[];
  locked: boolean;
  pinLocked: boolean;
  onHoldMusic: (value: string) => void;
  onEdit: () => void;
  onChangePin: () => void;
}

/** The first row: the admin user; checkbox always disabled, name and email read-only (USR-07..10). */
export function AdminRow({
  admin,
  list,
  locked,
  pinLocked,
  onHoldMusic,
  onEdit,
  onChangePin,
}: AdminRowProps) {
  return (
    <tr className="bg-brand-50/50" data-testid="admin-row">
      <td data-label="Select" className={cellClass}>
        <input
          type="checkbox"
          disabled
          aria-label={`Select ${admin.full_name} (admin, cannot be selected)`}
          className="mt-2 size-4 rounded border-slate-300"
        />
      </td>
      <td data-label="PIN" className={cellClass}>
        <PinCell
          pin={admin.pin_number}
          name={admin.full_name}
          disabled={pinLocked}
          onChangePin={onChangePin}
        />
      </td>
      <td data-label="Full name" className={`${cellClass} pt-3.5`}>
        <span className="font-medium text-slate-900">{admin.full_name}</span>
        <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
          Admin
        </span>
      </td>
      <td data-label="Email" className={`${cellClass} pt-3.5 break-all text-slate-700`}>
        {admin.email}
      </td>
      <td data-label="Hold music" className={cellClass}>
        <HoldMusicSelect
          label={`Hold music for ${admin.full_name}`}
          value={admin.hold_music}
          list={list}
          disabled={locked}
          onChange={onHoldMusic}
        />
      </td>
      <td data-label="Actions" className={cellClass}>
        <button
          type="button"
          className={`${iconButton} w-auto gap-1 px-2`}
          onClick={onEdit}
          disabled={locked}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
      </td>
      <td data-label="Delete" className={cellClass} />
    </tr>
  );
}

export interface UserRowProps {
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
    <tr ref={rowRef} data-index={index} data-testid={row.isNew ? 'new-row' : 'user-row'} className={rowClass}>
      <td data-label="Select" className={cellClass}>
        <input
          type="checkbox"
          checked={selected}
          disabled={selectLocked || row.isNew || row.removed}
          onChange={() => onToggle(row.key)}
          aria-label={`Select ${name}`}
          className="focus-ring mt-2 size-4 rounded border-slate-300 accent-brand-600"
        />
      </td>
      <td data-label="PIN" className={cellClass}>
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
      <td data-label="Full name" className={cellClass}>
        <input
          ref={nameRef}
          value={row.full_name}
          onChange={(event) => onEdit(row.key, 'full_name', event.target.value)}
          disabled={locked || row.removed}
          placeholder="Full name"
          aria-label={row.isNew ? 'Full name of the new user' : `Full name of ${name}`}
          aria-invalid={errors.full_name ? true : undefined}
          aria-describedby={errors.full_name ? `${id}-name-error` : undefined}
          className={inputClass}
        />
        <FieldError id={`${id}-name-error`} message={errors.full_name} />
      </td>
      <td data-label="Email" className={cellClass}>
        <input
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
          className={inputClass}
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </td>
      <td data-label="Hold music" className={cellClass}>
        <HoldMusicSelect
          label={`Hold music for ${name}`}
          value={row.hold_music}
          list={list}
          disabled={locked || row.removed}
          onChange={(value) => onEdit(row.key, 'hold_music', value)}
        />
      </td>
      <td data-label="Actions" className={cellClass}>
        <button
          type="button"
          className={`${iconButton} w-auto gap-1 px-2`}
          onClick={() => onOpenEdit(row.key)}
          disabled={locked || row.removed}
          aria-label={`Edit ${name}`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
      </td>
      <td data-label="Delete" className={cellClass}>
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
