import {
  countEmails,
  emailKey,
  isBlankNewRow,
  matchesUserSearch,
  newRowsErrors,
  userFieldErrors,
  type PortalEnvironment,
  type RequestStatus,
  type SaveUsersRequest,
  type User,
  type UserFieldErrors,
  type UsersData,
  type ValidationContext,
  USERS_STATUS_OK,
} from '@enq/contract';
import type { UserRow, UsersState } from './users-state';

/** What the Users page shows of its state: derived on each render, never stored. */

/** A user's four fields alone (no page flags), as the API takes them. */
export const plain = (u: User): User => ({
  full_name: u.full_name,
  email: u.email,
  pin_number: u.pin_number,
  hold_music: u.hold_music,
});

/** Search keeps new rows in view (they are being typed); everyone else must match. */
export function filteredRows(state: UsersState): UserRow[] {
  if (!state.search.trim()) return state.rows;
  return state.rows.filter((r) => r.isNew || matchesUserSearch(r, state.search));
}

export interface Pagination {
  page: number;
  pageSize: number;
  totalPages: number;
  totalUsers: number;
  start: number;
  end: number;
  pageLabel: string;
}

export function pagination(state: UsersState, rows: UserRow[] = filteredRows(state)): Pagination {
  const totalUsers = rows.length;
  const pageSize = state.limit === 'all' ? Math.max(1, totalUsers) : state.limit;
  const totalPages = Math.max(1, Math.ceil(totalUsers / pageSize));
  const page = Math.min(Math.max(0, state.page), totalPages - 1);
  const start = page * pageSize;
  const end = Math.min(start + pageSize, totalUsers);
  const pageLabel = totalUsers === 0 ? '0 of 0' : `${start + 1}–${end} of ${totalUsers}`;
  return { page, pageSize, totalPages, totalUsers, start, end, pageLabel };
}

export function visibleRows(state: UsersState, rows = filteredRows(state), p = pagination(state, rows)) {
  return rows.slice(p.start, p.end);
}

export function validationContext(
  state: Pick<UsersState, 'rows' | 'savedAdmin'>,
  environment: PortalEnvironment,
): ValidationContext {
  return {
    environment,
    adminEmail: state.savedAdmin.email,
    emailCounts: countEmails(state.rows.filter((r) => !r.removed)),
  };
}

// One shared empty result, so a memoised row whose messages did not change is not rendered again.
const NO_ERRORS: UserFieldErrors = Object.freeze({});

/** A row's messages: only edited and new rows are checked (saved rows were checked by the server). */
export function rowErrors(row: UserRow, ctx: ValidationContext, saved?: User): UserFieldErrors {
  if (!row.isNew && !row.updated) return NO_ERRORS;
  // Only the hold music changed (a bulk change of thousands): name and email are as saved.
  if (saved && saved.email === row.email && saved.full_name === row.full_name) {
    return (ctx.emailCounts.get(emailKey(row.email)) ?? 0) > 1 ? userFieldErrors(row, ctx) : NO_ERRORS;
  }
  return userFieldErrors(row, ctx, row.isNew);
}

export interface Summary {
  /** Anything that Save would send. */
  hasChanges: boolean;
  /** Save Changes and Cancel show. */
  pending: boolean;
  /** The save bar's inline error text. */
  errors: string[];
  canSave: boolean;
  added: UserRow[];
  modified: UserRow[];
  deleted: UserRow[];
  adminChanged: boolean;
}

export function summarize(
  state: Pick<UsersState, 'rows' | 'saved' | 'admin'>,
  ctx: ValidationContext,
  saving = false,
): Summary {
  const newRows = state.rows.filter((r) => r.isNew);
  const added = newRows.filter((r) => r.email.trim());
  const updated = state.rows.filter((r) => r.updated && !r.isNew && !r.removed);
  const deleted = state.rows.filter((r) => r.removed);
  const errors = newRowsErrors(newRows, ctx);
  const fieldErrors = updated.some((r) => Object.keys(rowErrors(r, ctx, state.saved.get(r.key))).length > 0);
  if (fieldErrors) errors.push('Correct the highlighted fields.');
  const blockingNew = newRows.some((r) => !isBlankNewRow(r) && (!r.email.trim() || !r.full_name.trim()));
  const hasChanges = added.length > 0 || updated.length > 0 || deleted.length > 0 || state.admin.updated;
  return {
    hasChanges,
    pending: hasChanges || newRows.length > 0,
    errors,
    canSave: hasChanges && errors.length === 0 && !blockingNew && !saving,
    added: added.filter((r) => !isBlankNewRow(r)),
    // USR-48: only complete updated users are listed as modified.
    modified: updated.filter((r) => r.full_name.trim() && r.email.trim() && r.hold_music),
    deleted,
    adminChanged: state.admin.updated,
  };
}

/** The save body (API-48, API-49): new rows with an email, updated, removed, and the admin if changed. */
export function saveBody(state: UsersState): SaveUsersRequest {
  const user = (r: User): User => plain(r);
  return {
    added: state.rows.filter((r) => r.isNew && r.email.trim()).map(user),
    removed: state.rows.filter((r) => r.removed).map((r) => user({ ...r, ...state.saved.get(r.key) })),
    updated: state.rows.filter((r) => r.updated && !r.isNew && !r.removed).map(user),
    ...(state.admin.updated ? { admin_user: user(state.admin) } : {}),
  };
}

/** Selection as the bulk area and the header checkbox show it. */
export function selectionInfo(state: UsersState, visible: UserRow[]) {
  const selectable = state.rows.filter((r) => !r.isNew && !r.removed);
  const total = selectable.length;
  const count = state.selected.size;
  const visibleSaved = visible.filter((r) => !r.isNew);
  const visibleSelected = visibleSaved.filter((r) => state.selected.has(r.key)).length;
  return {
    count,
    total,
    allSelected: total > 0 && count === total,
    someSelected: count > 0 && count < total,
    visibleChecked: visibleSaved.length > 0 && visibleSelected === visibleSaved.length,
    visibleIndeterminate: visibleSelected > 0 && visibleSelected < visibleSaved.length,
    blocked: state.rows.some((r) => r.isNew),
  };
}

/** Emails already taken, for the Add user modal (the admin's included). */
export function takenEmails(state: Pick<UsersState, 'rows' | 'savedAdmin'>): Set<string> {
  const set = new Set(state.rows.filter((r) => !r.removed).map((r) => emailKey(r.email)));
  set.add(emailKey(state.savedAdmin.email));
  return set;
}

/**
 * The users a save added, as the server saved them: with the PIN it issued (the page's temporary one is
 * never used), so the person can pass it on. Found by email, which the save answer reports them by.
 */
export function savedNewUsers(sent: SaveUsersRequest, status: RequestStatus, fresh: UsersData): User[] {
  const ok = new Set(status.added.filter((a) => a.status === USERS_STATUS_OK).map((a) => emailKey(a.email)));
  const asked = new Set((sent.added ?? []).map((u) => emailKey(u.email)).filter((k) => ok.has(k)));
  return fresh.users.filter((u) => asked.has(emailKey(u.email))).map(plain);
}
