import { describe, expect, it } from 'vitest';
import { addUserModalErrors, userFieldErrors, countEmails } from '../src/index';

describe('a one-letter full name', () => {
  it('is marked in the Add user modal, which would otherwise add a row Save refuses', () => {
    expect(addUserModalErrors({ full_name: 'J', email: 'j@firm.com' }, new Set(), 'production')).toEqual({
      full_name: 'Full name must be at least 2 characters.',
    });
    expect(addUserModalErrors({ full_name: 'Jo', email: 'j@firm.com' }, new Set(), 'production')).toEqual({});
  });

  it('marks the name field of a new row (Save is refused without it)', () => {
    const user = { full_name: 'J', email: 'j@firm.com' };
    const ctx = {
      environment: 'production' as const,
      adminEmail: 'a@firm.com',
      emailCounts: countEmails([user]),
    };
    expect(userFieldErrors(user, ctx, true).full_name).toBe('Full name must be at least 2 characters.');
    expect(userFieldErrors({ ...user, full_name: '' }, ctx, true).full_name).toBeUndefined();
  });
});
