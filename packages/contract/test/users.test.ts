import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { savedCountsText, USERS_TEXT } from '../src/users';
import { saveUsersRequestSchema, usersDataSchema } from '../src/users-schemas';
import {
  addUserModalErrors,
  countEmails,
  failedItems,
  hasFailures,
  matchesUserSearch,
  newRowsErrors,
  temporaryPin,
  userFieldErrors,
  type ValidationContext,
} from '../src/users-rules';
import { maskPin } from '../src/pin';

const ADMIN = 'dana@harborpine.com';
const ctxFor = (emails: string[], environment: ValidationContext['environment'] = 'production') => ({
  environment,
  adminEmail: ADMIN,
  emailCounts: countEmails(emails.map((email) => ({ email }))),
});

describe('users texts and constants', () => {
  it("USR-70 a new row's name of 1 character is incomplete, of 2 is enough", () => {
    const row = (full_name: string) => [{ full_name, email: 'bo@firm.com' }];
    expect(newRowsErrors(row('B'), ctxFor(['bo@firm.com']))).toEqual(['Please complete all required fields']);
    expect(newRowsErrors(row(' B '), ctxFor(['bo@firm.com']))).toEqual([
      'Please complete all required fields',
    ]);
    expect(newRowsErrors(row('Bo'), ctxFor(['bo@firm.com']))).toEqual([]);
  });
  it('USR-20 USR-21 USR-40 texts with values filled in', () => {
    expect(USERS_TEXT.selectedUsers(3)).toBe('Selected users: 3');
    expect(USERS_TEXT.selectAll(24)).toBe('Select All 24');
    expect(USERS_TEXT.userAddedToUnsaved('Ann Lee')).toBe('New user Ann Lee added to unsaved changes.');
  });
});

describe('PIN mask', () => {
  it('USR-14 masks all but the last 4 characters', () => {
    expect(maskPin('123456')).toBe('••3456');
    expect(maskPin('1234')).toBe('1234');
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4,12}$/), (pin) => {
        const masked = maskPin(pin);
        return (
          masked.length === pin.length && masked.endsWith(pin.slice(-4)) && !/\d/.test(masked.slice(0, -4))
        );
      }),
    );
  });
  it('USR-41 a temporary PIN is 6 random digits', () => {
    expect(temporaryPin()).toMatch(/^\d{6}$/);
    expect(temporaryPin(() => 0.999)).toBe('999999');
  });
});

describe('per-field validation', () => {
  it("USR-61 empty email shows 'Email is required.'", () => {
    expect(userFieldErrors({ full_name: 'Ann', email: '' }, ctxFor([])).email).toBe('Email is required.');
  });
  it("USR-62 malformed email shows 'Enter a valid email.'", () => {
    expect(userFieldErrors({ full_name: 'Ann', email: 'ann@x' }, ctxFor(['ann@x'])).email).toBe(
      'Enter a valid email.',
    );
  });
  it("USR-63 a duplicate email, in any case, shows 'This email already exists.'", () => {
    const ctx = ctxFor(['ann@firm.com', 'ANN@Firm.com']);
    expect(userFieldErrors({ full_name: 'Ann', email: 'ANN@Firm.com' }, ctx).email).toBe(
      'This email already exists.',
    );
  });
  it("USR-64 the admin's email in any case shows 'Admin email cannot be used.'", () => {
    expect(
      userFieldErrors({ full_name: 'Ann', email: 'DANA@harborpine.com' }, ctxFor(['DANA@harborpine.com']))
        .email,
    ).toBe('Admin email cannot be used.');
  });
  it("USR-65 empty full name shows 'Full name is required.'", () => {
    expect(userFieldErrors({ full_name: '  ', email: 'a@firm.com' }, ctxFor(['a@firm.com'])).full_name).toBe(
      'Full name is required.',
    );
  });
  it('USR-66 a new row shows no message while a field is still empty', () => {
    expect(userFieldErrors({ full_name: '', email: '' }, ctxFor([]), true)).toEqual({});
    expect(userFieldErrors({ full_name: '', email: 'bad' }, ctxFor(['bad']), true)).toEqual({
      email: 'Enter a valid email.',
    });
  });
  it('a plus sign is allowed off production only', () => {
    const user = { full_name: 'Ann', email: 'ann+1@firm.com' };
    expect(userFieldErrors(user, ctxFor([user.email], 'local'))).toEqual({});
    expect(userFieldErrors(user, ctxFor([user.email], 'production')).email).toBe('Enter a valid email.');
  });
});

describe('new rows, aggregate', () => {
  it('USR-71 fully blank new rows raise no error', () => {
    expect(
      newRowsErrors(
        [
          { full_name: '', email: '' },
          { full_name: ' ', email: '  ' },
        ],
        ctxFor([]),
      ),
    ).toEqual([]);
  });
  it("USR-67 USR-70 an invalid email shows 'Invalid email format: {email}' and 'Please complete all required fields'", () => {
    expect(newRowsErrors([{ full_name: 'Ann Lee', email: 'ann@' }], ctxFor(['ann@']))).toEqual([
      'Invalid email format: ann@',
      'Please complete all required fields',
    ]);
  });
  it("USR-68 a duplicate email shows 'This email already exists: {email}'", () => {
    expect(
      newRowsErrors(
        [{ full_name: 'Ann Lee', email: 'ann@firm.com' }],
        ctxFor(['ann@firm.com', 'Ann@firm.com']),
      ),
    ).toEqual(['This email already exists: ann@firm.com']);
  });
  it("USR-69 the admin's email shows 'Admin email cannot be used: {email}'", () => {
    expect(newRowsErrors([{ full_name: 'Ann Lee', email: ADMIN }], ctxFor([ADMIN]))).toEqual([
      `Admin email cannot be used: ${ADMIN}`,
    ]);
  });
  it("USR-70 a name under 2 characters or only one field filled shows 'Please complete all required fields' once", () => {
    const errors = newRowsErrors(
      [
        { full_name: 'A', email: 'a@firm.com' },
        { full_name: 'Bo Ng', email: '' },
        { full_name: '', email: 'c@firm.com' },
      ],
      ctxFor(['a@firm.com', 'c@firm.com']),
    );
    expect(errors).toEqual(['Please complete all required fields']);
  });
});

describe('add user modal', () => {
  const existing = new Set(['ann@firm.com', ADMIN]);
  it("USR-36 empty full name shows 'Full name required.'", () => {
    expect(addUserModalErrors({ full_name: '', email: 'new@firm.com' }, existing, 'production')).toEqual({
      full_name: 'Full name required.',
    });
  });
  it("USR-37 an invalid email shows 'Enter a valid email.'", () => {
    expect(addUserModalErrors({ full_name: 'Al', email: 'nope' }, existing, 'production').email).toBe(
      'Enter a valid email.',
    );
  });
  it("USR-38 a duplicate email shows 'Email already exists.'", () => {
    expect(addUserModalErrors({ full_name: 'Al', email: 'ANN@firm.com' }, existing, 'production').email).toBe(
      'Email already exists.',
    );
  });
});

describe('schemas and answers', () => {
  it('API-45 API-46 the users load carries the required field names', () => {
    const user = { full_name: 'A', email: 'a@b.co', pin_number: '123456', hold_music: 'x' };
    const parsed = usersDataSchema.parse({
      admin_user: user,
      users: [user],
      is_subscription_active: true,
      is_multi_user: true,
      hold_music_list: [{ name: 'X', value: 'x', url: '/x.wav' }],
      default_hold_music: 'x',
    });
    expect(Object.keys(parsed.users[0]!)).toEqual(['full_name', 'email', 'pin_number', 'hold_music']);
  });
  it('API-48 API-51 the save body defaults missing lists to empty (removal alone is a save)', () => {
    expect(saveUsersRequestSchema.parse({ removed: [{ pin_number: '123456' }] })).toEqual({
      added: [],
      updated: [],
      removed: [{ pin_number: '123456' }],
    });
  });
  it('API-50 failures are the items whose status is not success', () => {
    const status = {
      added: [{ email: 'a@b.co', status: 'success' }],
      updated: [{ email: 'b@b.co', status: 'This email already exists.' }],
      removed: [],
    };
    expect(failedItems(status).updated).toEqual([{ email: 'b@b.co', status: 'This email already exists.' }]);
    expect(hasFailures(status)).toBe(true);
    expect(hasFailures({ ...status, updated: [] })).toBe(false);
  });
  it('search matches PIN digits, name and email, case-insensitively', () => {
    const u = { full_name: 'Priya Raman', email: 'priya@firm.com', pin_number: '123456' };
    expect(matchesUserSearch(u, 'RAMAN')).toBe(true);
    expect(matchesUserSearch(u, '3456')).toBe(true);
    expect(matchesUserSearch(u, 'FIRM.c')).toBe(true);
    expect(matchesUserSearch(u, 'zed')).toBe(false);
  });
});

describe("the users save toast's count", () => {
  it('counts what went through, by kind, in the order added, updated, removed', () => {
    const done = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ email: `u${i}@x.com`, status: 'success' }));
    const refused = [{ email: 'r@x.com', status: 'This email already exists.' }];
    expect(savedCountsText({ added: done(2), updated: done(1), removed: [] })).toBe('2 added, 1 updated.');
    expect(savedCountsText({ added: refused, updated: [], removed: done(3) })).toBe('3 removed.');
    expect(savedCountsText({ added: refused, updated: [], removed: [] })).toBe('');
  });
});
