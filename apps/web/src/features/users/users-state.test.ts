import { describe, expect, it } from 'vitest';
import {
  filteredRows,
  pagination,
  saveBody,
  selectionInfo,
  summarize,
  validationContext,
  visibleRows,
} from './users-selectors';
import { initialUsersState, usersReducer, type UsersAction, type UsersState } from './users-state';
import { music, usersData } from './users-fixtures.test-helper';

const run = (state: UsersState, ...actions: UsersAction[]) => actions.reduce(usersReducer, state);
const start = (count = 24) => initialUsersState(usersData(count));
const ctxOf = (s: UsersState) => validationContext(s, 'production');
const key = (s: UsersState, i: number) => s.rows[i]!.key;

describe('users page state', () => {
  it('USR-28 loaded data sets the state and the hold-music list; per page defaults to 10', () => {
    const s = start();
    expect(s.rows).toHaveLength(24);
    expect(s.holdMusicList).toEqual(music);
    expect(s.limit).toBe(10);
    expect(pagination(s)).toMatchObject({ page: 0, totalPages: 3, totalUsers: 24, pageLabel: '1–10 of 24' });
  });

  it('USR-29 editing marks a user updated only while the value differs from the saved one', () => {
    let s = start();
    const k = key(s, 0);
    s = run(s, { type: 'edit', key: k, field: 'full_name', value: 'Someone Else' });
    expect(s.rows[0]!.updated).toBe(true);
    s = run(s, { type: 'edit', key: k, field: 'full_name', value: 'User 01' });
    expect(s.rows[0]!.updated).toBe(false);
    expect(summarize(s, ctxOf(s)).pending).toBe(false);
  });

  it("USR-30 changing the admin's hold music marks the admin updated when it differs", () => {
    let s = run(start(), { type: 'adminHoldMusic', value: 'harbor-lights' });
    expect(s.admin.updated).toBe(true);
    expect(saveBody(s).admin_user).toMatchObject({ email: 'dana@firm.com', hold_music: 'harbor-lights' });
    s = run(s, { type: 'adminHoldMusic', value: 'quiet-ledger' });
    expect(s.admin.updated).toBe(false);
    expect(saveBody(s).admin_user).toBeUndefined();
  });

  it('USR-31 a bulk hold-music change marks all selected users updated', () => {
    let s = start();
    s = run(
      s,
      { type: 'toggle', key: key(s, 1) },
      { type: 'toggle', key: key(s, 3) },
      { type: 'bulkHoldMusic', value: 'quiet-ledger' },
    );
    expect(s.rows.filter((r) => r.updated).map((r) => r.full_name)).toEqual(['User 02', 'User 04']);
    expect(saveBody(s).updated!.map((u) => u.hold_music)).toEqual(['quiet-ledger', 'quiet-ledger']);
  });

  it("USR-32 USR-33 inline add appends a blank row with the admin's hold music, on the last page", () => {
    const s = run(start(), { type: 'addInline' });
    const row = s.rows.at(-1)!;
    expect(row).toMatchObject({
      isNew: true,
      inline: true,
      full_name: '',
      email: '',
      hold_music: 'quiet-ledger',
    });
    expect(row.pin_number).toMatch(/^\d{6}$/); // USR-41 temporary PIN
    expect(s.page).toBe(2);
    expect(visibleRows(s).at(-1)).toBe(row);
  });

  it('USR-34 while a new row exists, selection and a second inline add are blocked', () => {
    let s = run(start(), { type: 'addInline' });
    const before = s;
    s = run(s, { type: 'addInline' }, { type: 'toggle', key: key(s, 0) }, { type: 'selectAll' });
    expect(s.rows).toHaveLength(before.rows.length);
    expect(s.selected.size).toBe(0);
    expect(selectionInfo(s, visibleRows(s)).blocked).toBe(true);
  });

  it('USR-48 only complete updated users are listed as modified', () => {
    let s = start();
    s = run(
      s,
      { type: 'edit', key: key(s, 0), field: 'full_name', value: 'Complete Person' },
      { type: 'edit', key: key(s, 1), field: 'email', value: '' },
    );
    expect(summarize(s, ctxOf(s)).modified.map((r) => r.full_name)).toEqual(['Complete Person']);
  });

  it('USR-42 USR-43 removing a new row drops it; removing saved users marks them removed', () => {
    let s = run(start(), { type: 'addInline' });
    s = run(s, { type: 'markRemoved', keys: [s.rows.at(-1)!.key] });
    expect(s.rows.some((r) => r.isNew)).toBe(false);
    s = run(s, { type: 'markRemoved', keys: [key(s, 0), key(s, 1)] });
    expect(s.rows.filter((r) => r.removed)).toHaveLength(2);
    expect(saveBody(s).removed!.map((u) => u.email)).toEqual(['user1@firm.com', 'user2@firm.com']);
    expect(run(s, { type: 'unmarkRemoved' }).rows.some((r) => r.removed)).toBe(false);
  });

  it('USR-46 a confirmed delete drops the users from the list and the snapshot', () => {
    let s = start(11);
    s = run(
      s,
      { type: 'page', page: 1 },
      { type: 'markRemoved', keys: [key(s, 10)] },
      { type: 'deleted', emails: ['USER11@firm.com'] },
    );
    expect(s.rows).toHaveLength(10);
    expect(s.saved.size).toBe(10);
    expect(s.page).toBe(0); // clamped: page 2 no longer exists
  });

  it('USR-55 Cancel resets to the last saved snapshot', () => {
    let s = start();
    s = run(
      s,
      { type: 'edit', key: key(s, 0), field: 'email', value: 'x@firm.com' },
      { type: 'adminHoldMusic', value: 'harbor-lights' },
      {
        type: 'addFromModal',
        user: { full_name: 'Ann Lee', email: 'ann@firm.com', hold_music: 'harbor-lights' },
      },
      { type: 'cancel' },
    );
    expect(s.rows.map((r) => r.email)).toEqual(start().rows.map((r) => r.email));
    expect(s.admin.updated).toBe(false);
    expect(summarize(s, ctxOf(s)).pending).toBe(false);
  });

  it('USR-56 USR-57 USR-58 search resets to page 0, pages clamp, a limit change recomputes', () => {
    let s = run(start(), { type: 'page', page: 2 });
    expect(pagination(s).page).toBe(2);
    s = run(s, { type: 'search', query: 'user 1' });
    expect(s.page).toBe(0);
    expect(filteredRows(s).map((r) => r.full_name)).toEqual([
      'User 10',
      'User 11',
      'User 12',
      'User 13',
      'User 14',
      'User 15',
      'User 16',
      'User 17',
      'User 18',
      'User 19',
    ]);
    s = run(s, { type: 'search', query: '' }, { type: 'page', page: 99 });
    expect(s.page).toBe(2);
    s = run(s, { type: 'limit', limit: 25 });
    expect(pagination(s)).toMatchObject({ page: 0, totalPages: 1, pageLabel: '1–24 of 24' });
    s = run(s, { type: 'limit', limit: 'all' });
    expect(pagination(s)).toMatchObject({ pageSize: 24, totalPages: 1 });
  });

  it('USR-59 select all visible, deselect visible, select all users, deselect all', () => {
    let s = start();
    const page = visibleRows(s).map((r) => r.key);
    s = run(s, { type: 'selectVisible', keys: page, on: true });
    expect(selectionInfo(s, visibleRows(s))).toMatchObject({
      count: 10,
      total: 24,
      someSelected: true,
      visibleChecked: true,
    });
    s = run(s, { type: 'selectVisible', keys: page.slice(0, 5), on: false });
    expect(selectionInfo(s, visibleRows(s))).toMatchObject({ count: 5, visibleIndeterminate: true });
    s = run(s, { type: 'selectAll' });
    expect(selectionInfo(s, visibleRows(s))).toMatchObject({
      count: 24,
      allSelected: true,
      someSelected: false,
    });
    s = run(s, { type: 'clearSelection' });
    expect(s.selected.size).toBe(0);
  });

  it('API-49 the save sends new rows with an email, updated, removed and the admin only when changed', () => {
    let s = run(
      start(3),
      {
        type: 'addFromModal',
        user: { full_name: 'Ann Lee', email: 'ann@firm.com', hold_music: 'quiet-ledger' },
      },
      { type: 'addInline' },
    );
    s = run(s, { type: 'edit', key: key(s, 0), field: 'hold_music', value: 'quiet-ledger' });
    const body = saveBody(s);
    expect(body.added!.map((u) => u.email)).toEqual(['ann@firm.com']);
    expect(body.updated!.map((u) => u.email)).toEqual(['user1@firm.com']);
    expect(body.removed).toEqual([]);
    expect('admin_user' in body).toBe(false);
  });

  // The reducer's part of a partial save; the 'Changes Not Saved' dialog (USR-50) and the toasts
  // (USR-52, USR-54) are the page's, asserted in users-saving.test.tsx.
  it('after a partial save the accepted changes come from the answer and the refused ones stay as unsaved edits', () => {
    let s = start(3);
    s = run(
      s,
      { type: 'edit', key: key(s, 0), field: 'full_name', value: 'Good Change' },
      { type: 'edit', key: key(s, 1), field: 'email', value: 'user3@firm.com' },
      {
        type: 'addFromModal',
        user: { full_name: 'Ann Lee', email: 'ann@firm.com', hold_music: 'quiet-ledger' },
      },
      {
        type: 'addFromModal',
        user: { full_name: 'Bo Ng', email: 'bo@firm.com', hold_music: 'quiet-ledger' },
      },
    );
    const sent = saveBody(s);
    const fresh = usersData(3);
    fresh.users[0]!.full_name = 'Good Change';
    fresh.users.push({
      full_name: 'Ann Lee',
      email: 'ann@firm.com',
      pin_number: '300001',
      hold_music: 'quiet-ledger',
    });
    s = run(s, {
      type: 'saved',
      data: fresh,
      sent,
      status: {
        added: [
          { email: 'ann@firm.com', status: 'success' },
          { email: 'bo@firm.com', status: 'Something odd.' },
        ],
        updated: [
          { email: 'user1@firm.com', status: 'success' },
          { email: 'user3@firm.com', status: 'This email already exists.' },
        ],
        removed: [],
      },
    });
    expect(s.rows.map((r) => [r.full_name, r.email, r.isNew, r.updated])).toEqual([
      ['Good Change', 'user1@firm.com', false, false],
      ['User 02', 'user3@firm.com', false, true],
      ['User 03', 'user3@firm.com', false, false],
      ['Ann Lee', 'ann@firm.com', false, false],
      ['Bo Ng', 'bo@firm.com', true, false],
    ]);
  });

  it('a PIN change keeps rows (and their unsaved edits) and moves the PINs', () => {
    let s = start(2);
    s = run(s, { type: 'edit', key: key(s, 0), field: 'full_name', value: 'Edited' });
    s = run(s, {
      type: 'pinsChanged',
      users: [{ ...usersData(2).users[0]!, pin_number: '999999' }, usersData(2).users[1]!],
    });
    expect(s.rows[0]).toMatchObject({ full_name: 'Edited', pin_number: '999999', updated: true });
    expect(s.saved.get(s.rows[0]!.key)!.pin_number).toBe('999999');
  });
});
