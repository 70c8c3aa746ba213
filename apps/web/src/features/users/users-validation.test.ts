import { describe, expect, it } from 'vitest';
import { rowErrors, saveBody, summarize, validationContext } from './users-selectors';
import { initialUsersState, usersReducer, type UsersAction, type UsersState } from './users-state';
import { usersData } from './users-fixtures.test-helper';

const run = (state: UsersState, ...actions: UsersAction[]) => actions.reduce(usersReducer, state);
const start = (count = 24) => initialUsersState(usersData(count));
const ctxOf = (s: UsersState) => validationContext(s, 'production');
const key = (s: UsersState, i: number) => s.rows[i]!.key;

/** The Users page's checks of edited and new users, and how they hold Save back (USR-61..73). */
describe('users page validation', () => {
  it('USR-71 a blank new row raises no error, does not disable Save and is not sent', () => {
    let s = run(
      start(),
      { type: 'edit', key: 'u200000', field: 'full_name', value: 'Renamed' },
      { type: 'addInline' },
    );
    const sum = summarize(s, ctxOf(s));
    expect(sum.errors).toEqual([]);
    expect(sum.canSave).toBe(true);
    expect(saveBody(s).added).toEqual([]);
    s = run(s, { type: 'cancel' });
    expect(s.rows.some((r) => r.isNew)).toBe(false);
  });

  it('USR-66 a new row hides its messages while its fields are still empty', () => {
    let s = run(start(), { type: 'addInline' });
    const k = s.rows.at(-1)!.key;
    expect(rowErrors(s.rows.at(-1)!, ctxOf(s))).toEqual({});
    s = run(s, { type: 'edit', key: k, field: 'email', value: 'user1@FIRM.com' });
    expect(rowErrors(s.rows.at(-1)!, ctxOf(s))).toEqual({ email: 'This email already exists.' });
    const sum = summarize(s, ctxOf(s));
    expect(sum.errors).toEqual([
      'This email already exists: user1@FIRM.com',
      'Please complete all required fields',
    ]);
    expect(sum.canSave).toBe(false);
  });

  it('USR-61 USR-62 USR-63 USR-64 USR-65 edited users show each per-field message', () => {
    let s = start();
    const edit = (field: 'email' | 'full_name', value: string) => {
      s = run(s, { type: 'edit', key: key(s, 0), field, value });
      return rowErrors(s.rows[0]!, ctxOf(s));
    };
    expect(edit('email', '').email).toBe('Email is required.');
    expect(edit('email', 'nope@').email).toBe('Enter a valid email.');
    expect(edit('email', 'USER2@firm.com').email).toBe('This email already exists.');
    expect(edit('email', 'Dana@Firm.com').email).toBe('Admin email cannot be used.');
    expect(edit('full_name', ' ').full_name).toBe('Full name is required.');
    expect(summarize(s, ctxOf(s)).canSave).toBe(false);
  });

  it('USR-67 USR-69 USR-70 USR-72 USR-73 new rows: aggregate messages, and Save stays disabled', () => {
    let s = run(start(2), {
      type: 'addFromModal',
      user: { full_name: 'A', email: 'a@firm.com', hold_music: 'harbor-lights' },
    });
    expect(summarize(s, ctxOf(s)).errors).toEqual(['Please complete all required fields']);
    s = run(start(2), {
      type: 'addFromModal',
      user: { full_name: 'Ann Lee', email: 'dana@firm.com', hold_music: 'harbor-lights' },
    });
    expect(summarize(s, ctxOf(s)).errors).toEqual(['Admin email cannot be used: dana@firm.com']);
    s = run(start(2), {
      type: 'addFromModal',
      user: { full_name: 'Ann Lee', email: 'ann@', hold_music: 'harbor-lights' },
    });
    const sum = summarize(s, ctxOf(s));
    expect(sum.errors).toEqual(['Invalid email format: ann@', 'Please complete all required fields']);
    expect(sum.canSave).toBe(false);
    expect(
      summarize(run(start(2), { type: 'adminHoldMusic', value: 'harbor-lights' }), ctxOf(s), true).canSave,
    ).toBe(false);
  });

  it("USR-73 Save waits while a new row's email is empty, malformed, taken or the admin's, or its name is empty", () => {
    const canSave = (full_name: string, email: string) => {
      const s = run(start(2), { type: 'addInline' });
      const k = s.rows.at(-1)!.key;
      const t = run(
        s,
        { type: 'edit', key: k, field: 'full_name', value: full_name },
        { type: 'edit', key: k, field: 'email', value: email },
      );
      return summarize(t, ctxOf(t)).canSave;
    };
    expect(canSave('Ann Lee', 'ann@firm.com')).toBe(true);
    expect(canSave('Ann Lee', '')).toBe(false);
    expect(canSave('Ann Lee', 'ann@')).toBe(false);
    expect(canSave('Ann Lee', 'USER2@firm.com')).toBe(false);
    expect(canSave('Ann Lee', 'Dana@firm.com')).toBe(false);
    expect(canSave('', 'ann@firm.com')).toBe(false);
    expect(canSave(' ', 'ann@firm.com')).toBe(false);
  });
});
