import {
  addUserModalErrors,
  emailKey,
  failedItems,
  hasFailures,
  MESSAGES,
  USERS_INLINE_ADD_MIN_WIDTH,
  USERS_TEXT,
  userFieldErrors,
  USERS_STATUS_OK,
  type RequestStatus,
  type RequestStatusItem,
  type SaveUsersRequest,
  type UsersData,
} from '@enq/contract';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { toast } from 'react-toastify';
import { InfoBanner } from '../../components/ui/info-banner';
import { LeavePrompt } from '../../components/ui/leave-prompt';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageTitle } from '../../components/ui/page-title';
import { currentEnvironment } from '../../lib/environment';
import { useChangeAdminPin } from './api/change-admin-pin';
import { useChangePins } from './api/change-pins';
import { useUsers } from './api/get-users';
import { useSaveUsers } from './api/save-users';
import { useSendPinEmail } from './api/send-pin-email';
import { BulkBar } from './components/bulk-bar';
import { ChangesNotSavedModal, ConfirmChangesModal } from './components/changes-modals';
import { CsvImport } from './components/csv-import';
import { HoldMusicPicker } from './components/hold-music-picker';
import { SaveBar } from './components/save-bar';
import { useMediaQuery } from '../../lib/use-media-query';
import { UserFormModal } from './components/user-form-modal';
import { DialogList, UsersDialog } from './components/users-dialog';
import { UsersPager, UsersTable } from './components/users-table';
import { UsersToolbar } from './components/users-toolbar';
import {
  filteredRows,
  initialUsersState,
  pagination,
  saveBody,
  selectionInfo,
  summarize,
  takenEmails,
  usersReducer,
  validationContext,
  type EditableField,
  type PerPage,
} from './users-state';

type Modal =
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
    }
  | null;

export function UsersPage() {
  const users = useUsers();
  return (
    <div className="space-y-6">
      <PageTitle path="/users" />
      {/* The editor copies the list once; it starts from the server's current copy, never a cached one
          another page (or another tab) may have outdated. */}
      {users.isPending || (!users.isFetchedAfterMount && !users.isError) ? (
        <PageSkeleton path="/users" label="Loading users" />
      ) : users.isError ? (
        <LoadError onRetry={() => void users.refetch()} />
      ) : (
        <UsersEditor data={users.data} />
      )}
    </div>
  );
}

function UsersEditor({ data }: { data: UsersData }) {
  const environment = currentEnvironment();
  const wide = useMediaQuery(`(min-width: ${USERS_INLINE_ADD_MIN_WIDTH}px)`);
  const [state, dispatch] = useReducer(usersReducer, data, (d) => initialUsersState(d));
  const [modal, setModal] = useState<Modal>(null);
  const save = useSaveUsers();
  const changePins = useChangePins();
  const changeAdminPin = useChangeAdminPin();
  const sendPinEmail = useSendPinEmail();

  const rows = useMemo(() => filteredRows(state), [state]);
  const p = pagination(state, rows);
  const visible = useMemo(() => rows.slice(p.start, p.end), [rows, p.start, p.end]);
  // Validation and the save summary follow the rows, not the search or the page.
  const { rows: allRows, saved, savedAdmin, admin } = state;
  const ctx = useMemo(
    () => validationContext({ rows: allRows, savedAdmin } as typeof state, environment),
    [allRows, savedAdmin, environment],
  );
  const saving = save.isPending;
  const summary = useMemo(
    () => summarize({ rows: allRows, saved, admin } as typeof state, ctx, saving),
    [allRows, saved, admin, ctx, saving],
  );
  const selection = selectionInfo(state, visible);
  const inlineRow = state.rows.find((r) => r.inline) ?? null;
  const locked = saving || !state.isActive;
  const pinLocked = locked || inlineRow !== null || changePins.isPending || changeAdminPin.isPending;
  const byKey = useCallback((key: string) => state.rows.find((r) => r.key === key), [state.rows]);

  const onEdit = useCallback(
    (key: string, field: EditableField, value: string) => dispatch({ type: 'edit', key, field, value }),
    [],
  );
  const onToggle = useCallback((key: string) => dispatch({ type: 'toggle', key }), []);
  const onOpenEdit = useCallback((key: string) => setModal({ kind: 'edit', key }), []);
  const onChangePin = useCallback((key: string) => setModal({ kind: 'changePin', target: [key] }), []);
  const removeKeys = useCallback(
    (keys: string[]) => {
      const saved = keys.filter((k) => !byKey(k)?.isNew);
      dispatch({ type: 'markRemoved', keys });
      if (saved.length) setModal({ kind: 'confirmDelete', keys: saved });
    },
    [byKey],
  );
  const onRemove = useCallback((key: string) => removeKeys([key]), [removeKeys]);

  const showFailures = (status: RequestStatus) => {
    setModal({ kind: 'notSaved', ...failedItems(status) });
    toast.warning(USERS_TEXT.changesNotSavedToast);
  };

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
        setModal(null);
        toast.error(MESSAGES.genericError);
      },
    });
  };

  const confirmSave = () => {
    const body = saveBody(state);
    save.mutate(body, {
      onSuccess: (response) => {
        const { request_status, ...fresh } = response;
        dispatch({ type: 'saved', data: fresh, status: request_status, sent: body });
        if (hasFailures(request_status)) showFailures(request_status);
        else {
          setModal(null);
          toast.success(USERS_TEXT.changesSaved);
        }
      },
      onError: () => {
        setModal(null);
        toast.error(MESSAGES.genericError);
      },
    });
  };

  const confirmChangePin = (target: 'admin' | string[]) => {
    const fail = () => {
      setModal(null);
      toast.error(MESSAGES.genericError);
    };
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

  const confirmSendEmail = (keys: string[]) => {
    const emails = keys.map((k) => state.saved.get(k)?.email).filter((x): x is string => !!x);
    sendPinEmail.mutate(emails, {
      onSuccess: (response) => {
        setModal(null);
        toast.success(response.message || USERS_TEXT.pinEmailSent);
      },
      onError: () => {
        setModal(null);
        toast.error(MESSAGES.genericError);
      },
    });
  };

  const onAdd = () => {
    if (wide) dispatch({ type: 'addInline' });
    else setModal({ kind: 'add' });
  };

  const namesOf = (keys: string[]) => keys.map((k) => state.saved.get(k)).filter((u) => !!u);
  const csvBlocked = !state.isActive
    ? USERS_TEXT.inactiveBanner
    : !state.isMultiUser
      ? USERS_TEXT.notMultiUser
      : summary.pending
        ? 'Save or cancel your changes before uploading a file.'
        : null;

  return (
    <>
      <LeavePrompt when={summary.pending && !saving} />
      <HoldMusicPicker list={state.holdMusicList} defaultValue={state.defaultHoldMusic} />
      {!state.isActive ? (
        <InfoBanner
          variant="warning"
          message={USERS_TEXT.inactiveBanner}
          action={{ label: 'Go to Subscription', to: '/subscription' }}
        />
      ) : null}
      {state.isActive && !state.isMultiUser ? <InfoBanner message={USERS_TEXT.notMultiUser} /> : null}

      <UsersToolbar
        search={state.search}
        limit={state.limit}
        totalUsers={state.rows.length}
        showAdd={state.isMultiUser}
        canAdd={state.isActive && !saving && inlineRow === null}
        onAdd={onAdd}
        onSearch={(query) => dispatch({ type: 'search', query })}
        onLimit={(limit: PerPage) => dispatch({ type: 'limit', limit })}
      />

      <div>
        <UsersTable
          admin={state.admin}
          rows={visible}
          list={state.holdMusicList}
          ctx={ctx}
          saved={state.saved}
          selected={state.selected}
          headerChecked={selection.visibleChecked}
          headerIndeterminate={selection.visibleIndeterminate}
          locked={locked}
          inlineKey={inlineRow?.key ?? null}
          emptyText={
            !state.isMultiUser && state.rows.length === 0 ? USERS_TEXT.noSubUsers : USERS_TEXT.noSearchMatch
          }
          selectBlocked={selection.blocked}
          pinLocked={pinLocked}
          onSelectVisible={(on) =>
            dispatch({ type: 'selectVisible', keys: visible.filter((r) => !r.isNew).map((r) => r.key), on })
          }
          onAdminHoldMusic={(value) => dispatch({ type: 'adminHoldMusic', value })}
          onAdminEdit={() => setModal({ kind: 'edit', key: 'admin' })}
          onAdminPin={() => setModal({ kind: 'changePin', target: 'admin' })}
          onEdit={onEdit}
          onToggle={onToggle}
          onOpenEdit={onOpenEdit}
          onRemove={onRemove}
          onChangePin={onChangePin}
        />
        <UsersPager p={p} onPage={(page) => dispatch({ type: 'page', page })} />
      </div>

      {visible.length > 0 ? (
        <BulkBar
          list={state.holdMusicList}
          count={selection.count}
          total={selection.total}
          someSelected={selection.someSelected}
          allSelected={selection.allSelected}
          locked={locked || selection.blocked}
          onHoldMusic={(value) => dispatch({ type: 'bulkHoldMusic', value })}
          onRemove={() => removeKeys([...state.selected])}
          onChangePin={() => setModal({ kind: 'changePin', target: [...state.selected] })}
          onSendEmail={() => setModal({ kind: 'sendEmail', keys: [...state.selected] })}
          onSelectAll={() => dispatch({ type: 'selectAll' })}
          onClear={() => dispatch({ type: 'clearSelection' })}
        />
      ) : null}

      {state.isMultiUser ? (
        <CsvImport
          disabledReason={csvBlocked}
          onImported={(fresh) => {
            dispatch({ type: 'loaded', data: fresh });
            toast.success('Users added from the file.');
          }}
        />
      ) : null}

      <SaveBar
        pending={summary.pending}
        showHint={summary.hasChanges && summary.errors.length === 0}
        errors={summary.errors}
        canSave={summary.canSave}
        saving={saving}
        onSave={() => setModal({ kind: 'confirmSave' })}
        onCancel={() => dispatch({ type: 'cancel' })}
      />

      {modal?.kind === 'edit' ? (
        modal.key === 'admin' ? (
          <UserFormModal
            title={USERS_TEXT.editUserTitle}
            confirmLabel="Save"
            identityLocked
            initial={state.admin}
            list={state.holdMusicList}
            validate={() => ({})}
            onSubmit={(draft) => {
              dispatch({ type: 'adminHoldMusic', value: draft.hold_music });
              setModal(null);
            }}
            onClose={() => setModal(null)}
          />
        ) : (
          <UserFormModal
            title={USERS_TEXT.editUserTitle}
            confirmLabel="Save"
            initial={byKey(modal.key)!}
            list={state.holdMusicList}
            validate={(draft) => {
              const row = byKey(modal.key)!;
              const counts = new Map(ctx.emailCounts);
              counts.set(emailKey(row.email), (counts.get(emailKey(row.email)) ?? 1) - 1);
              counts.set(emailKey(draft.email), (counts.get(emailKey(draft.email)) ?? 0) + 1);
              return userFieldErrors(draft, { ...ctx, emailCounts: counts });
            }}
            onSubmit={(draft) => {
              dispatch({ type: 'editUser', key: modal.key, user: draft });
              setModal(null);
            }}
            onClose={() => setModal(null)}
          />
        )
      ) : null}

      {modal?.kind === 'add' ? (
        <UserFormModal
          title={USERS_TEXT.addUserTitle}
          confirmLabel="Add"
          initial={{ full_name: '', email: '', hold_music: state.holdMusicList[0]?.value ?? '' }}
          list={state.holdMusicList}
          validate={(draft) => addUserModalErrors(draft, takenEmails(state), environment)}
          onSubmit={(draft) => {
            dispatch({ type: 'addFromModal', user: draft });
            setModal(null);
            toast.info(USERS_TEXT.userAddedToUnsaved(draft.full_name));
          }}
          onClose={() => setModal(null)}
        />
      ) : null}

      <UsersDialog
        open={modal?.kind === 'changePin'}
        title={USERS_TEXT.changePinTitle}
        confirmLabel="Change PIN"
        busy={changePins.isPending || changeAdminPin.isPending}
        onConfirm={() => modal?.kind === 'changePin' && confirmChangePin(modal.target)}
        onClose={() => setModal(null)}
      >
        {modal?.kind === 'changePin' ? (
          modal.target === 'admin' ? (
            <p>Give {state.savedAdmin.full_name} (admin) a new PIN? The current PIN stops working at once.</p>
          ) : (
            <>
              <p>
                Give {modal.target.length === 1 ? 'this user' : `these ${modal.target.length} users`} a new
                PIN? The current {modal.target.length === 1 ? 'PIN stops' : 'PINs stop'} working at once.
              </p>
              <DialogList
                label="Users"
                items={namesOf(modal.target).map((u) => `${u.full_name} (${u.email})`)}
              />
            </>
          )
        ) : null}
      </UsersDialog>

      <UsersDialog
        open={modal?.kind === 'sendEmail'}
        title={USERS_TEXT.sendPinEmailTitle}
        confirmLabel="Send"
        busy={sendPinEmail.isPending}
        onConfirm={() => modal?.kind === 'sendEmail' && confirmSendEmail(modal.keys)}
        onClose={() => setModal(null)}
      >
        {modal?.kind === 'sendEmail' ? (
          <>
            <p>Email each of these users their PIN?</p>
            <DialogList
              label="Recipients"
              items={namesOf(modal.keys).map((u) => `${u.full_name} (${u.email})`)}
            />
          </>
        ) : null}
      </UsersDialog>

      <UsersDialog
        open={modal?.kind === 'confirmDelete'}
        title={USERS_TEXT.confirmDeleteTitle}
        confirmLabel="Delete"
        tone="danger"
        busy={saving}
        onConfirm={() => modal?.kind === 'confirmDelete' && confirmDelete(modal.keys)}
        onClose={() => {
          dispatch({ type: 'unmarkRemoved' });
          setModal(null);
        }}
      >
        {modal?.kind === 'confirmDelete' ? (
          <>
            <p>
              Delete {modal.keys.length === 1 ? 'this user' : `these ${modal.keys.length} users`}? Their PINs
              stop working at once. This cannot be undone.
            </p>
            <DialogList label="Users" items={namesOf(modal.keys).map((u) => `${u.full_name} (${u.email})`)} />
          </>
        ) : null}
      </UsersDialog>

      <ConfirmChangesModal
        open={modal?.kind === 'confirmSave'}
        added={summary.added}
        modified={summary.modified}
        deleted={summary.deleted}
        adminChange={
          summary.adminChanged ? { name: state.admin.full_name, holdMusic: state.admin.hold_music } : null
        }
        list={state.holdMusicList}
        busy={saving}
        onConfirm={confirmSave}
        onClose={() => setModal(null)}
      />

      <ChangesNotSavedModal
        open={modal?.kind === 'notSaved'}
        added={modal?.kind === 'notSaved' ? modal.added : []}
        updated={modal?.kind === 'notSaved' ? modal.updated : []}
        removed={modal?.kind === 'notSaved' ? modal.removed : []}
        onClose={() => setModal(null)}
      />
    </>
  );
}
