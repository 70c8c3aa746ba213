import { USERS_TEXT, type UsersData } from '@enq/contract';
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useReducer } from 'react';
import { toast } from '../../lib/toast';
import { InfoBanner } from '../../components/ui/info-banner';
import { LeavePrompt } from '../../components/ui/leave-prompt';
import { LoadError } from '../../components/ui/load-error';
import { PageSkeleton } from '../../components/ui/page-skeletons';
import { PageHeader } from '../../components/ui/page-header';
import { usePreloadWhenIdle } from '../../lib/use-idle';
import { useMediaQuery } from '../../lib/use-media-query';
import { useUsers } from './api/get-users';
import { ActivityTabs, tabPanelProps, useActivityTab } from './components/activity-tabs';
import { ActivityView } from './components/activity-view';
import { BulkBar } from './components/bulk-bar';
import { CsvImport } from './components/csv-import';
import { HoldMusicPicker } from './components/hold-music-picker';
import { SaveBar } from './components/save-bar';
import { UsersPager, UsersTable, type RowActions } from './components/users-table';
import { UsersToolbar } from './components/users-toolbar';
import { UserLimits } from './components/user-limits';
import { useUsersActions } from './use-users-actions';
import { useUsersView } from './use-users-view';
import { initialUsersState, usersReducer, type EditableField } from './users-state';
import { USERS_INLINE_ADD_MIN_WIDTH } from './users-settings';

// The page's dialogs (and Radix's dialog under them) are asked once the page is idle, not with its
// first load: nobody can open one before.
const loadModals = () => import('./components/users-modals');
const UsersModals = lazy(async () => ({ default: (await loadModals()).UsersModals }));

export function UsersPage() {
  const { users, current: copy } = useUsers();
  // The editor copies the list once, from the server's current copy (api/get-users.ts). Drawn as a
  // transition, in short slices: a page of rows of inputs
  // drawn at once is one long task that holds up the first input (Lighthouse TBT).
  const current = useDeferredValue(copy);
  const tab = useActivityTab();
  return (
    <div className="space-y-6">
      <PageHeader path="/users" />
      <ActivityTabs tab={tab} />
      {tab.activity ? (
        <div {...tabPanelProps(tab, 'activity')}>
          <ActivityView />
        </div>
      ) : null}
      {/* Hidden, not unmounted, behind Activity: unsaved edits to the list stay. */}
      <div hidden={tab.activity} className="space-y-6" {...tabPanelProps(tab, 'users')}>
        {users.isError ? (
          <LoadError onRetry={() => void users.refetch()} />
        ) : current ? (
          <UsersEditor data={current} />
        ) : (
          <PageSkeleton path="/users" label="Loading users" />
        )}
      </div>
    </div>
  );
}

/**
 * The users list as a spreadsheet: edit in place, select, bulk-change, then save everything at once.
 * Its state stays one reducer (users-state.ts) rather than react-hook-form, which the page's small forms
 * use: up to 10,000 rows of three fields, virtualised (only the drawn rows have inputs to register),
 * and transitions that replace many rows at once (bulk hold music, Cancel, a save answer keeping what
 * was refused) are each one reducer case, measured by bench:users.
 */
function UsersEditor({ data }: { data: UsersData }) {
  const wide = useMediaQuery(`(min-width: ${USERS_INLINE_ADD_MIN_WIDTH}px)`);
  const [state, dispatch] = useReducer(usersReducer, data, (d) => initialUsersState(d));
  const actions = useUsersActions(state, dispatch);
  usePreloadWhenIdle(loadModals);
  const { setModal, saving } = actions;
  const view = useUsersView(state, saving);
  const { p, visible, summary, selection, inlineRow } = view;
  const locked = saving || !state.isActive;
  const pinLocked = locked || inlineRow !== null || actions.changingPins;

  // Reads the saved snapshot, not the rows: it changes on a save, not on each keystroke, so the row
  // actions below stay the same and an edit redraws only the row it changes.
  const savedUsers = state.saved;
  const removeKeys = useCallback(
    (keys: string[]) => {
      const saved = keys.filter((k) => savedUsers.has(k));
      dispatch({ type: 'markRemoved', keys });
      if (saved.length) setModal({ kind: 'confirmDelete', keys: saved });
    },
    [savedUsers, setModal],
  );
  // Stable across renders: each row is memoised and must not redraw because the page did.
  const rowActions = useMemo<RowActions>(
    () => ({
      onEdit: (key: string, field: EditableField, value: string) =>
        dispatch({ type: 'edit', key, field, value }),
      onToggle: (key: string) => dispatch({ type: 'toggle', key }),
      onOpenEdit: (key: string) => setModal({ kind: 'edit', key }),
      onChangePin: (key: string) => setModal({ kind: 'changePin', target: [key] }),
      onRemove: (key: string) => removeKeys([key]),
    }),
    [removeKeys, setModal],
  );

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
        onAdd={() => (wide ? dispatch({ type: 'addInline' }) : setModal({ kind: 'add' }))}
        onSearch={(query) => dispatch({ type: 'search', query })}
        onLimit={(limit) => dispatch({ type: 'limit', limit })}
      />

      <div>
        <UsersTable
          admin={state.admin}
          rows={visible}
          list={state.holdMusicList}
          ctx={view.ctx}
          saved={state.saved}
          selected={state.selected}
          lock={{ all: locked, select: selection.blocked, pin: pinLocked }}
          inlineKey={inlineRow?.key ?? null}
          emptyText={
            !state.isMultiUser && state.rows.length === 0 ? USERS_TEXT.noSubUsers : USERS_TEXT.noSearchMatch
          }
          header={{
            checked: selection.visibleChecked,
            indeterminate: selection.visibleIndeterminate,
            onChange: (on) =>
              dispatch({
                type: 'selectVisible',
                keys: visible.filter((r) => !r.isNew).map((r) => r.key),
                on,
              }),
          }}
          adminActions={{
            onHoldMusic: (value) => dispatch({ type: 'adminHoldMusic', value }),
            onEdit: () => setModal({ kind: 'edit', key: 'admin' }),
            onChangePin: () => setModal({ kind: 'changePin', target: 'admin' }),
          }}
          rowActions={rowActions}
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
          tracks={state.holdMusicList.map((t) => t.name)}
          disabledReason={csvBlocked}
          onImported={(fresh) => {
            // The answer is the whole list: the users whose PIN the saved list lacks came from the file.
            const pins = new Set([...state.saved.values()].map((u) => u.pin_number));
            const added = fresh.users.filter((u) => !pins.has(u.pin_number));
            dispatch({ type: 'loaded', data: fresh });
            toast.success(`${added.length} ${added.length === 1 ? 'user' : 'users'} added from the file.`);
            // Their PINs, with the offer to email them, as for users added by hand.
            if (added.length > 0) setModal({ kind: 'newPins', users: added });
          }}
        />
      ) : null}

      {state.isMultiUser ? <UserLimits /> : null}

      <SaveBar
        pending={summary.pending}
        showHint={summary.hasChanges && summary.errors.length === 0}
        errors={summary.errors}
        canSave={summary.canSave}
        saving={saving}
        onSave={() => setModal({ kind: 'confirmSave' })}
        onCancel={() => dispatch({ type: 'cancel' })}
      />

      {actions.modal ? (
        <Suspense fallback={null}>
          <UsersModals state={state} dispatch={dispatch} view={view} actions={actions} />
        </Suspense>
      ) : null}
    </>
  );
}
