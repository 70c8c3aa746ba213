import { USERS_ERRORS } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { parseUsersCsv } from '../../../src/domain/users/users-csv';

const ctx = {
  environment: 'production' as const,
  adminEmail: 'admin@firm.com',
  existingEmails: new Set<string>(),
  catalogue: [{ name: 'Harbor Lights', value: 'harbor-lights', url: '/a.wav' }],
  defaultHoldMusic: 'harbor-lights',
};

describe('users CSV import', () => {
  it('refuses a one-letter full name, as the page does', () => {
    const result = parseUsersCsv('full_name,email\r\nJ,j@firm.com\r\nJo Park,jo@firm.com\r\n', ctx);
    expect(result).toMatchObject({
      ok: false,
      errors: [{ row: 2, message: `Row 2: ${USERS_ERRORS.fullNameTooShort}` }],
    });
  });
});
