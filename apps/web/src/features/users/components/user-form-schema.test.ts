import { addUserModalErrors, USERS_ERRORS } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { toUserDraft, userFormSchema } from './user-form-schema';

const addSchema = userFormSchema((draft) =>
  addUserModalErrors(draft, new Set(['taken@firm.com']), 'production'),
);
const draft = { full_name: 'Ann Lee', email: 'ann@firm.com', hold_music: 'harbor-lights' };
const issues = (value: unknown) => {
  const parsed = addSchema.safeParse(value);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message]));
};

describe('the user form schema (Add new user)', () => {
  it('accepts a complete new user', () => {
    expect(addSchema.safeParse(draft).success).toBe(true);
  });

  it('refuses a one-letter name on the name field, as Save would (issue 15)', () => {
    expect(issues({ ...draft, full_name: 'A' })).toEqual({ full_name: USERS_ERRORS.fullNameTooShort });
  });

  it('names each field it refuses: a blank name and a taken email', () => {
    expect(issues({ ...draft, full_name: ' ', email: 'Taken@firm.com' })).toEqual({
      full_name: USERS_ERRORS.modalFullNameRequired,
      email: USERS_ERRORS.modalEmailExists,
    });
  });

  it('refuses values that are not the form shape', () => {
    expect(addSchema.safeParse({ full_name: 'Ann Lee' }).success).toBe(false);
  });

  it('hands on the name and email without surrounding spaces', () => {
    expect(toUserDraft({ ...draft, full_name: '  Ann Lee ', email: ' ann@firm.com ' })).toEqual(draft);
  });
});
