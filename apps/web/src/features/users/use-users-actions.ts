import {
  failedItems,
  hasFailures,
  MESSAGES,
  savedCountsText,
  USERS_STATUS_OK,
  USERS_TEXT,
  type RequestStatus,
  type RequestStatusItem,
  type SaveUsersRequest,
  type User,
} from '@enq/contract';
import { useCallback, useState, type Dispatch } from 'react';
import { toast } from '../../lib/toast';
import { useChangeAdminPin } from './api/change-admin-pin';
import { useChangePins } from './api/change-pins';
import { useSaveUsers } from './api/save-users';
import { useSendPinEmail } from './api/send-pin-email';
import { saveBody, savedNewUsers } from './users-selectors';
import type { UsersAction, UsersState } from './users-state';

/** The one modal the Users page shows at a time, with what it acts on. */
export type UsersModal =
  | { kind: 'edit'; key: string | 'admin' }
  | { kind: 'add' }
  | { kind: 'changePin'; target: 'admin' | string[] }
  | { kind: 'sendEmail'; keys: string[] }
  | { kind: 'confirmDelete'; keys: string[] }
  | { kind: 'confirmSave' }
  | {
      kind: 'notSaved';
      added: RequestStatusItem[];
      updated: RequestStatusItem[];
      removed: RequestStatusItem[];
      /** Users the same save did add: their PINs are offered once this dialog is closed. */
      then: User[];
    }
  /** The users a save just added, with the PINs the server issued, and the offer to email them. */
  | { kind: 'newPins'; users: User[] }
  | null;

/** The page's four requests (save, delete, change PINs, email PINs) and the modal that asks for each. */
export function useUsersActions(state: UsersState, dispatch: Dispatch<UsersAction>) {
  const [modal, setModal] = useState<UsersModal>(null);
  const close = useCallback(() => setModal(null), []);
  const save = useSaveUsers();
  const changePins = useChangePins();
  const changeAdminPin = useChangeAdminPin();
  const sendPinEmail = useSendPinEmail();

  const fail = () => {
    setModal(null);
    toast.error(MESSAGES.genericError);
  };
  const showFailures = (status: RequestStatus, added: User[] = []) => {
    setModal({ kind: 'notSaved', ...failedItems(status), then: added });
    toast.warning(USERS_TEXT.changesNotSavedToast);
  };
  // A new user can call only once they know their PIN: whoever added them is shown it and offered to
  // email it, rather than finding it masked in the table later.
  const afterNotSaved = () =>
    setModal((open) =>
      open?.kind === 'notSaved' && open.then.length ? { kind: 'newPins', users: open.then } : null,
    );

  const confirmDelete = (keys: string[]) => {
    const body: SaveUsersRequest = { removed: keys.map((k) => state.saved.get(k)).filter((u) => !!u) };
    save.mutate(body, {
      onSuccess: (response) => {
        const ok = response.request_status.removed.filter((r) => r.status === USERS_STATUS_OK);
        dispatch({ type: 'deleted', emails: ok.map((r) => r.email) });
        if (hasFailures(response.request_status)) showFailures(response.request_status);
        else setModal(null);
        if (ok.length) toast.success(ok.length === 1 ? USERS_TEXT.userDeleted : USERS_TEXT.usersDeleted);
      },
      onError: () => {
        dispatch({ type: 'unmarkRemoved' });
        fail();
      },
    });
  };

  const confirmSave = () => {
    const body = saveBody(state);
    save.mutate(body, {
      onSuccess: (response) => {
        const { request_status, ...fresh } = response;
        dispatch({ type: 'saved', data: fresh, status: request_status, sent: body });
        const added = savedNewUsers(body, request_status, fresh);
        if (hasFailures(request_status)) showFailures(request_status, added);
        else {
          setModal(added.length ? { kind: 'newPins', users: added } : null);
          const detail = savedCountsText(request_status);
          toast.success(USERS_TEXT.changesSaved, detail ? { detail } : undefined);
        }
      },
      onError: fail,
    });
  };

  const confirmChangePin = (target: 'admin' | string[]) => {
    if (target === 'admin') {
      changeAdminPin.mutate(state.savedAdmin.pin_number, {
        onSuccess: ({ admin_user }) => {
          dispatch({ type: 'adminPinChanged', admin: admin_user });
          setModal(null);
          toast.success(USERS_TEXT.pinChanged);
        },
        onError: fail,
      });
      return;
    }
    const pins = target.map((k) => state.saved.get(k)?.pin_number).filter((x): x is string => !!x);
    changePins.mutate(pins, {
      onSuccess: ({ users }) => {
        dispatch({ type: 'pinsChanged', users });
        setModal(null);
        toast.success(pins.length === 1 ? USERS_TEXT.pinChanged : USERS_TEXT.pinsChanged);
      },
      onError: fail,
    });
  };

  const sendEmails = (emails: string[]) =>
    sendPinEmail.mutate(emails, {
      onSuccess: (response) => {
        setModal(null);
        toast.success(response.message || USERS_TEXT.pinEmailSent);
      },
      onError: fail,
    });
  const confirmSendEmail = (keys: string[]) =>
    sendEmails(keys.map((k) => state.saved.get(k)?.email).filter((x): x is string => !!x));
  const sendNewPins = (users: User[]) => sendEmails(users.map((u) => u.email));

  return {
    modal,
    setModal,
    close,
    saving: save.isPending,
    changingPins: changePins.isPending || changeAdminPin.isPending,
    sendingEmail: sendPinEmail.isPending,
    confirmDelete,
    confirmSave,
    confirmChangePin,
    confirmSendEmail,
    sendNewPins,
    afterNotSaved,
  };
}

export type UsersActions = ReturnType<typeof useUsersActions>;
