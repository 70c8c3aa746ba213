import { USERS_TEXT, type HoldMusic, type User } from '@enq/contract';
import { Pencil } from 'lucide-react';
import { HoldMusicSelect } from './hold-music-select';
import { PinCell } from './pin-cell';
import { cellClass, editButton, editWord, phoneCard, phoneCell } from './row-styles';

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
    <tr className={`bg-brand-50/50 ${phoneCard}`} data-testid="admin-row">
      <td className={`${cellClass} ${phoneCell.select}`}>
        <input
          type="checkbox"
          disabled
          aria-label={`Select ${admin.full_name} (admin, cannot be selected)`}
          className="mt-2 size-4 rounded border-slate-300"
        />
      </td>
      <td className={`${cellClass} ${phoneCell.pin}`}>
        <PinCell
          pin={admin.pin_number}
          name={admin.full_name}
          disabled={pinLocked}
          onChangePin={onChangePin}
        />
      </td>
      <td className={`${cellClass} ${phoneCell.name} pt-3.5 max-sm:pt-1.5`}>
        <span className="font-medium text-slate-900">{admin.full_name}</span>
        <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
          Admin
        </span>
      </td>
      <td className={`${cellClass} ${phoneCell.email} pt-3.5 text-slate-700 [overflow-wrap:anywhere]`}>
        {/* When it must wrap, at the @: "dana.whitfield@ / harborpinetax.com", not "….c / om". */}
        {atWrap(admin.email)}
      </td>
      <td className={`${cellClass} ${phoneCell.music}`}>
        <HoldMusicSelect
          label={`Hold music for ${admin.full_name}`}
          value={admin.hold_music}
          list={list}
          disabled={locked}
          onChange={onHoldMusic}
        />
      </td>
      <td className={`${cellClass} ${phoneCell.edit}`}>
        <button
          type="button"
          className={editButton}
          title={USERS_TEXT.editUserTitle}
          onClick={onEdit}
          disabled={locked}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {/* The pencil (and its tooltip) says it on phones and wide screens, where room is short. */}
          <span className={editWord}>Edit</span>
        </button>
      </td>
      {/* Nothing to delete: on a phone the empty place keeps the pencil under the other cards' pencils. */}
      <td className={`${cellClass} ${phoneCell.remove} max-sm:w-8`} />
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
