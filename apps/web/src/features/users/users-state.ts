import {
  emailKey,
  failedItems,
  temporaryPin,
  type HoldMusic,
  type RequestStatus,
  type SaveUsersRequest,
  type User,
  type UsersData,
} from '@enq/contract';
import { pagination, plain } from './users-selectors';
import { USERS_DEFAULT_PER_PAGE } from './users-settings';

/** One sub-account user as the page holds it: with the flags only the page keeps. */
export interface UserRow extends User {
  /** Stable for the life of the page (a PIN change does not change it). */
  key: string;
  isNew: boolean;
  /** Added inline on a wide screen: everything else waits until it is saved or dropped. */
  inline: boolean;
  removed: boolean;
  updated: boolean;
}

export type PerPage = number | 'all';

export interface UsersState {
  admin: User & { updated: boolean };
  savedAdmin: User;
  rows: UserRow[];
  /** The last saved version of each saved user, by key: the snapshot Cancel returns to. */
  saved: ReadonlyMap<string, User>;
  selected: ReadonlySet<string>;
  search: string;
  page: number;
  limit: PerPage;
  holdMusicList: HoldMusic[];
  defaultHoldMusic: string;
  isActive: boolean;
  isMultiUser: boolean;
  nextNewId: number;
}

export type EditableField = 'full_name' | 'email' | 'hold_music';

export type UsersAction =
  | { type: 'loaded'; data: UsersData }
  | { type: 'edit'; key: string; field: EditableField; value: string }
  | { type: 'editUser'; key: string; user: Pick<User, EditableField> }
  | { type: 'adminHoldMusic'; value: string }
  | { type: 'addInline' }
  | { type: 'addFromModal'; user: Pick<User, EditableField> }
  | { type: 'dropNew'; key: string }
  | { type: 'markRemoved'; keys: string[] }
  | { type: 'unmarkRemoved' }
  | { type: 'deleted'; emails: string[] }
  | { type: 'bulkHoldMusic'; value: string }
  | { type: 'toggle'; key: string }
  | { type: 'selectVisible'; keys: string[]; on: boolean }
  | { type: 'selectAll' }
  | { type: 'clearSelection' }
  | { type: 'search'; query: string }
  | { type: 'page'; page: number }
  | { type: 'limit'; limit: PerPage }
  | { type: 'cancel' }
  | { type: 'pinsChanged'; users: User[] }
  | { type: 'adminPinChanged'; admin: User }
  | { type: 'saved'; data: UsersData; status: RequestStatus; sent: SaveUsersRequest };

const differs = (a: User, b: User | undefined) =>
  !b || a.full_name !== b.full_name || a.email !== b.email || a.hold_music !== b.hold_music;

const savedRow = (u: User): UserRow => ({
  ...plain(u),
  key: `u${u.pin_number}`,
  isNew: false,
  inline: false,
  removed: false,
  updated: false,
});

export function initialUsersState(data: UsersData, previous?: UsersState): UsersState {
  const rows = data.users.map(savedRow);
  return {
    admin: { ...plain(data.admin_user), updated: false },
    savedAdmin: plain(data.admin_user),
    rows,
    saved: new Map(rows.map((r) => [r.key, plain(r)])),
    selected: new Set(),
    search: previous?.search ?? '',
    page: previous?.page ?? 0,
    limit: previous?.limit ?? USERS_DEFAULT_PER_PAGE,
    holdMusicList: data.hold_music_list,
    defaultHoldMusic: data.default_hold_music,
    isActive: data.is_subscription_active,
    isMultiUser: data.is_multi_user,
    nextNewId: previous?.nextNewId ?? 1,
  };
}

function withRow(state: UsersState, key: string, change: (row: UserRow) => UserRow): UsersState {
  return { ...state, rows: state.rows.map((r) => (r.key === key ? change(r) : r)) };
}

function edited(state: UsersState, row: UserRow, patch: Partial<User>): UserRow {
  const next = { ...row, ...patch };
  return row.isNew ? next : { ...next, updated: differs(next, state.saved.get(row.key)) };
}

const hasNewRow = (state: UsersState) => state.rows.some((r) => r.isNew);
const hasInlineRow = (state: UsersState) => state.rows.some((r) => r.inline);

function newRow(state: UsersState, user: Pick<User, EditableField>, inline: boolean): UsersState {
  const row: UserRow = {
    ...user,
    pin_number: temporaryPin(),
    key: `new${state.nextNewId}`,
    isNew: true,
    inline,
    removed: false,
    updated: false,
  };
  const next = {
    ...state,
    rows: [...state.rows, row],
    nextNewId: state.nextNewId + 1,
    selected: new Set<string>(),
  };
  // The new row shows on the last page, where it was appended.
  return { ...next, page: pagination(next).totalPages - 1 };
}

export function usersReducer(state: UsersState, action: UsersAction): UsersState {
  switch (action.type) {
    case 'loaded':
      return initialUsersState(action.data, state);
    case 'edit':
      return withRow(state, action.key, (r) => edited(state, r, { [action.field]: action.value }));
    case 'editUser':
      return withRow(state, action.key, (r) => edited(state, r, action.user));
    case 'adminHoldMusic': {
      const admin = { ...state.admin, hold_music: action.value };
      return { ...state, admin: { ...admin, updated: differs(admin, state.savedAdmin) } };
    }
    case 'addInline':
      if (hasInlineRow(state)) return state;
      return newRow(state, { full_name: '', email: '', hold_music: state.admin.hold_music }, true);
    case 'addFromModal':
      return newRow(state, action.user, false);
    case 'dropNew':
      return { ...state, rows: state.rows.filter((r) => !(r.key === action.key && r.isNew)) };
    case 'markRemoved': {
      const keys = new Set(action.keys);
      // A new row is dropped at once (USR-42); saved users wait for the confirmation.
      const rows = state.rows
        .filter((r) => !(r.isNew && keys.has(r.key)))
        .map((r) => (keys.has(r.key) ? { ...r, removed: true } : r));
      return { ...state, rows };
    }
    case 'unmarkRemoved':
      return { ...state, rows: state.rows.map((r) => (r.removed ? { ...r, removed: false } : r)) };
    case 'deleted': {
      const gone = new Set(action.emails.map(emailKey));
      const isGone = (r: UserRow) =>
        r.removed && gone.has(emailKey(state.saved.get(r.key)?.email ?? r.email));
      const goneKeys = new Set(state.rows.filter(isGone).map((r) => r.key));
      const saved = new Map(state.saved);
      for (const key of goneKeys) saved.delete(key);
      const selected = new Set([...state.selected].filter((k) => !goneKeys.has(k)));
      const rows = state.rows
        .filter((r) => !goneKeys.has(r.key))
        .map((r) => (r.removed ? { ...r, removed: false } : r));
      return clampPage({ ...state, rows, saved, selected });
    }
    case 'bulkHoldMusic': {
      if (state.selected.size === 0) return state;
      const rows = state.rows.map((r) =>
        state.selected.has(r.key) ? { ...r, hold_music: action.value, updated: !r.isNew } : r,
      );
      return { ...state, rows };
    }
    case 'toggle': {
      if (hasNewRow(state)) return state;
      const selected = new Set(state.selected);
      if (selected.has(action.key)) selected.delete(action.key);
      else selected.add(action.key);
      return { ...state, selected };
    }
    case 'selectVisible': {
      if (hasNewRow(state)) return state;
      const selected = new Set(state.selected);
      for (const key of action.keys) {
        if (action.on) selected.add(key);
        else selected.delete(key);
      }
      return { ...state, selected };
    }
    case 'selectAll':
      if (hasNewRow(state)) return state;
      return { ...state, selected: new Set(state.rows.filter((r) => !r.removed).map((r) => r.key)) };
    case 'clearSelection':
      return { ...state, selected: new Set() };
    case 'search':
      return { ...state, search: action.query, page: 0 };
    case 'page':
      return clampPage({ ...state, page: action.page });
    case 'limit':
      return clampPage({ ...state, limit: action.limit });
    case 'cancel': {
      const rows = [...state.saved.entries()].map(([key, u]) => ({ ...savedRow(u), key }));
      return clampPage({
        ...state,
        rows,
        admin: { ...state.savedAdmin, updated: false },
        selected: new Set(),
      });
    }
    case 'pinsChanged': {
      // The answer lists users by their saved email; keys stay, PINs move.
      const pinByEmail = new Map(action.users.map((u) => [emailKey(u.email), u.pin_number]));
      const saved = new Map<string, User>();
      for (const [key, u] of state.saved)
        saved.set(key, { ...u, pin_number: pinByEmail.get(emailKey(u.email)) ?? u.pin_number });
      const rows = state.rows.map((r) =>
        saved.has(r.key) ? { ...r, pin_number: saved.get(r.key)!.pin_number } : r,
      );
      return { ...state, rows, saved };
    }
    case 'adminPinChanged':
      return {
        ...state,
        admin: { ...state.admin, pin_number: action.admin.pin_number },
        savedAdmin: { ...state.savedAdmin, pin_number: action.admin.pin_number },
      };
    case 'saved':
      return afterSave(state, action.data, action.status, action.sent);
  }
}

/**
 * After a save the refreshed data is the new snapshot; what was refused stays on the page as unsaved
 * changes (its rows and edits), so the person can correct it and save again.
 */
function afterSave(
  state: UsersState,
  data: UsersData,
  status: RequestStatus,
  sent: SaveUsersRequest,
): UsersState {
  let next = initialUsersState(data, state);
  const failed = failedItems(status);
  const failedAdded = new Set(failed.added.map((f) => emailKey(f.email)));
  const failedUpdated = new Set(failed.updated.map((f) => emailKey(f.email)));
  const keyByPin = new Map(next.rows.map((r) => [r.pin_number, r.key]));
  for (const u of sent.updated ?? []) {
    if (!failedUpdated.has(emailKey(u.email))) continue;
    const key = keyByPin.get(u.pin_number);
    if (key) next = usersReducer(next, { type: 'editUser', key, user: u });
  }
  if (sent.admin_user && failedUpdated.has(emailKey(sent.admin_user.email))) {
    next = usersReducer(next, { type: 'adminHoldMusic', value: sent.admin_user.hold_music });
  }
  const keep = state.rows.filter((r) => r.isNew && failedAdded.has(emailKey(r.email)));
  if (keep.length) next = { ...next, rows: [...next.rows, ...keep.map((r) => ({ ...r, inline: false }))] };
  return clampPage(next);
}

function clampPage(state: UsersState): UsersState {
  const { page } = pagination(state);
  return page === state.page ? state : { ...state, page };
}
