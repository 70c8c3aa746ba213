import { USERS_TEXT, type HoldMusic, type User } from '@enq/contract';
import { Pencil } from 'lucide-react';
import { HoldMusicSelect } from './hold-music-select';
import { PinCell } from './pin-cell';
import { cellClass, iconButton } from './row-styles';

export interface AdminActions {
  onHoldMusic: (value: string) => void;
  onEdit: () => void;
  onChangePin: () => void;
}

interface AdminRowProps {
  admin: User & { updated: boolean };
  list: HoldMusic[];
  locked: boolean;
  pinLocked: boolean;
  actions: AdminActions;
}

/** The first row: the admin user; checkbox always disabled, name and email read-only (USR-07..10). */
export function AdminRow({
  admin,
  list,
  locked,
  pinLocked,
  actions: { onHoldMusic, onEdit, onChangePin },
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
      <td data-label="Email" className={`${cellClass} pt-3.5 text-slate-700 [overflow-wrap:anywhere]`}>
        {/* When it must wrap, at the @: "dana.whitfield@ / harborpinetax.com", not "….c / om". */}
        {atWrap(admin.email)}
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
          title={USERS_TEXT.editUserTitle}
          onClick={onEdit}
          disabled={locked}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {/* The pencil (and its tooltip) says it on wide screens, where the columns need the room. */}
          <span className="lg:sr-only">Edit</span>
        </button>
      </td>
      <td data-label="Delete" className={cellClass} />
    </tr>
  );
}

function atWrap(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
