import { USERS_TEXT, type HoldMusic, type RequestStatusItem, type User } from '@enq/contract';
import type { ReactNode } from 'react';
import { DialogList, UsersDialog } from './users-dialog';

const person = (u: Pick<User, 'full_name' | 'email'>) => (
  <span>
    <span className="font-medium text-slate-800">{u.full_name || '—'}</span>{' '}
    <span className="text-slate-500">{u.email}</span>
  </span>
);

export interface ConfirmChangesProps {
  open: boolean;
  added: User[];
  modified: User[];
  deleted: User[];
  adminChange: { name: string; holdMusic: string } | null;
  list: HoldMusic[];
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Confirm User List Changes': who will be added, modified and deleted (USR-47, USR-48). */
export function ConfirmChangesModal({ open, busy, onConfirm, onClose, ...changes }: ConfirmChangesProps) {
  return (
    <UsersDialog
      open={open}
      wide
      title={USERS_TEXT.confirmChangesTitle}
      confirmLabel="Confirm"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {/* Listed only while open: a bulk change of thousands would otherwise build the lists each time. */}
      {open ? <ChangesLists {...changes} /> : null}
    </UsersDialog>
  );
}

function ChangesLists({
  added,
  modified,
  deleted,
  adminChange,
  list,
}: Pick<ConfirmChangesProps, 'added' | 'modified' | 'deleted' | 'adminChange' | 'list'>) {
  const music = (value: string) => list.find((t) => t.value === value)?.name ?? value;
  const modifiedItems: ReactNode[] = modified.map((u) => person(u));
  if (adminChange)
    modifiedItems.unshift(
      <span>
        {adminChange.name} (admin): hold music {music(adminChange.holdMusic)}
      </span>,
    );
  return (
    <>
      <p>Please confirm these changes to your users.</p>
      {added.length ? (
        <DialogList label={`Users to be added (${added.length})`} items={added.map(person)} />
      ) : null}
      {modifiedItems.length ? (
        <DialogList label={`Users to be modified (${modifiedItems.length})`} items={modifiedItems} />
      ) : null}
      {deleted.length ? (
        <DialogList label={`Users to be deleted (${deleted.length})`} items={deleted.map(person)} />
      ) : null}
    </>
  );
}

export interface NotSavedProps {
  open: boolean;
  added: RequestStatusItem[];
  updated: RequestStatusItem[];
  removed: RequestStatusItem[];
  onClose: () => void;
}

const failure = (f: RequestStatusItem) => (
  <span>
    <span className="font-medium text-slate-800">{f.email || '—'}</span>:{' '}
    <span className="text-red-700">{f.status}</span>
  </span>
);

/** 'Changes Not Saved': the refused items under their three headings (USR-50..USR-53). */
export function ChangesNotSavedModal({ open, added, updated, removed, onClose }: NotSavedProps) {
  return (
    <UsersDialog
      open={open}
      wide
      title={USERS_TEXT.changesNotSavedTitle}
      cancelLabel="Close"
      onClose={onClose}
    >
      {added.length ? (
        <DialogList label={USERS_TEXT.unsuccessfulAdditions} items={added.map(failure)} />
      ) : null}
      {updated.length ? (
        <DialogList label={USERS_TEXT.failedModifications} items={updated.map(failure)} />
      ) : null}
      {removed.length ? <DialogList label={USERS_TEXT.failedDeletions} items={removed.map(failure)} /> : null}
      <p className="mt-4 text-slate-700">{USERS_TEXT.reviewIssues}</p>
    </UsersDialog>
  );
}
