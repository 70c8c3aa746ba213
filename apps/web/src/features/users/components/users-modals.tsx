import { addUserModalErrors, emailKey, USERS_TEXT, userFieldErrors, type User } from '@enq/contract';
import { lazy, Suspense, type Dispatch } from 'react';
import { toast } from '../../../lib/toast';
import type { UsersActions } from '../use-users-actions';
import type { UsersView } from '../use-users-view';
import { takenEmails } from '../users-selectors';
import type { UsersAction, UsersState } from '../users-state';
import { ChangesNotSavedModal, ConfirmChangesModal } from './changes-modals';
import { EditPinSection } from './edit-pin-section';
import { NewPinsModal } from './new-pins-modal';
import type { UserDraft } from './user-form-modal';
import { DialogList, UsersDialog } from './users-dialog';

// The add and edit form (with its form library and schema) loads when it is first opened, not with the
// list: building its schema was part of the page's first render.
const UserFormModal = lazy(async () => ({ default: (await import('./user-form-modal')).UserFormModal }));

interface UsersModalsProps {
  state: UsersState;
  dispatch: Dispatch<UsersAction>;
  view: UsersView;
  actions: UsersActions;
}

const listed = (users: User[]) => users.map((u) => `${u.full_name} (${u.email})`);
const some = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** Every modal of the Users page; at most one is open (actions.modal says which). */
export function UsersModals({ state, dispatch, view, actions }: UsersModalsProps) {
  const { modal, close, saving } = actions;
  const namesOf = (keys: string[]) => keys.map((k) => state.saved.get(k)).filter((u) => !!u);
  const editing = modal?.kind === 'edit' && modal.key !== 'admin' ? view.byKey(modal.key) : undefined;
  const editedSaved = editing && !editing.isNew ? state.saved.get(editing.key) : undefined;

  // The edited user's own email is not a duplicate of itself: count it under its new value.
  const editErrors = (draft: UserDraft, row: User) => {
    const counts = new Map(view.ctx.emailCounts);
    counts.set(emailKey(row.email), (counts.get(emailKey(row.email)) ?? 1) - 1);
    counts.set(emailKey(draft.email), (counts.get(emailKey(draft.email)) ?? 0) + 1);
    return userFieldErrors(draft, { ...view.ctx, emailCounts: counts });
  };

  return (
    <>
      <Suspense fallback={null}>
        {modal?.kind === 'edit' && modal.key === 'admin' ? (
          <UserFormModal
            title={USERS_TEXT.editUserTitle}
            confirmLabel="Save"
            identityLocked
            initial={state.admin}
            list={state.holdMusicList}
            validate={() => ({})}
            onSubmit={(draft) => {
              dispatch({ type: 'adminHoldMusic', value: draft.hold_music });
              close();
            }}
            onClose={close}
            footer={(edited) => (
              <EditPinSection
                pin={state.savedAdmin.pin_number}
                edited={edited}
                onChangePin={() => actions.setModal({ kind: 'changePin', target: 'admin' })}
              />
            )}
          />
        ) : null}

        {editing ? (
          <UserFormModal
            title={USERS_TEXT.editUserTitle}
            confirmLabel="Save"
            initial={editing}
            list={state.holdMusicList}
            validate={(draft) => editErrors(draft, editing)}
            onSubmit={(draft) => {
              dispatch({ type: 'editUser', key: editing.key, user: draft });
              close();
            }}
            onClose={close}
            footer={(edited) =>
              // A user not saved yet has no PIN to send or change.
              editedSaved ? (
                <EditPinSection
                  pin={editedSaved.pin_number}
                  edited={edited}
                  onChangePin={() => actions.setModal({ kind: 'changePin', target: [editing.key] })}
                  onSendEmail={() => actions.setModal({ kind: 'sendEmail', keys: [editing.key] })}
                />
              ) : null
            }
          />
        ) : null}

        {modal?.kind === 'add' ? (
          <UserFormModal
            title={USERS_TEXT.addUserTitle}
            confirmLabel="Add"
            initial={{ full_name: '', email: '', hold_music: state.holdMusicList[0]?.value ?? '' }}
            list={state.holdMusicList}
            validate={(draft) => addUserModalErrors(draft, takenEmails(state), view.environment)}
            onSubmit={(draft) => {
              dispatch({ type: 'addFromModal', user: draft });
              close();
              toast.info(USERS_TEXT.userAddedToUnsaved(draft.full_name));
            }}
            onClose={close}
          />
        ) : null}
      </Suspense>

      <UsersDialog
        open={modal?.kind === 'changePin'}
        title={USERS_TEXT.changePinTitle}
        confirmLabel="Change PIN"
        busy={actions.changingPins}
        onConfirm={() => modal?.kind === 'changePin' && actions.confirmChangePin(modal.target)}
        onClose={close}
      >
        {modal?.kind === 'changePin' ? (
          modal.target === 'admin' ? (
            <p>Give {state.savedAdmin.full_name} (admin) a new PIN? The current PIN stops working at once.</p>
          ) : (
            <>
              <p>
                Give {some(modal.target.length, 'this user', `these ${modal.target.length} users`)} a new PIN?
                The current {some(modal.target.length, 'PIN stops', 'PINs stop')} working at once.
              </p>
              <DialogList label="Users" items={listed(namesOf(modal.target))} />
            </>
          )
        ) : null}
      </UsersDialog>

      <UsersDialog
        open={modal?.kind === 'sendEmail'}
        title={USERS_TEXT.sendPinEmailTitle}
        confirmLabel="Send"
        busy={actions.sendingEmail}
        onConfirm={() => modal?.kind === 'sendEmail' && actions.confirmSendEmail(modal.keys)}
        onClose={close}
      >
        {modal?.kind === 'sendEmail' ? (
          <>
            <p>Email each of these users their PIN?</p>
            <DialogList label="Recipients" items={listed(namesOf(modal.keys))} />
          </>
        ) : null}
      </UsersDialog>

      <UsersDialog
        open={modal?.kind === 'confirmDelete'}
        title={USERS_TEXT.confirmDeleteTitle}
        confirmLabel="Delete"
        tone="danger"
        busy={saving}
        onConfirm={() => modal?.kind === 'confirmDelete' && actions.confirmDelete(modal.keys)}
        onClose={() => {
          dispatch({ type: 'unmarkRemoved' });
          close();
        }}
      >
        {modal?.kind === 'confirmDelete' ? (
          <>
            <p>
              Delete {some(modal.keys.length, 'this user', `these ${modal.keys.length} users`)}? Their PINs
              stop working at once. This cannot be undone.
            </p>
            <DialogList label="Users" items={listed(namesOf(modal.keys))} />
          </>
        ) : null}
      </UsersDialog>

      <ConfirmChangesModal
        open={modal?.kind === 'confirmSave'}
        added={view.summary.added}
        modified={view.summary.modified}
        deleted={view.summary.deleted}
        adminChange={
          view.summary.adminChanged
            ? { name: state.admin.full_name, holdMusic: state.admin.hold_music }
            : null
        }
        list={state.holdMusicList}
        busy={saving}
        onConfirm={actions.confirmSave}
        onClose={close}
      />

      <ChangesNotSavedModal
        open={modal?.kind === 'notSaved'}
        added={modal?.kind === 'notSaved' ? modal.added : []}
        updated={modal?.kind === 'notSaved' ? modal.updated : []}
        removed={modal?.kind === 'notSaved' ? modal.removed : []}
        onClose={actions.afterNotSaved}
      />

      <NewPinsModal
        open={modal?.kind === 'newPins'}
        users={modal?.kind === 'newPins' ? modal.users : []}
        sending={actions.sendingEmail}
        onSend={() => modal?.kind === 'newPins' && actions.sendNewPins(modal.users)}
        onClose={close}
      />
    </>
  );
}
