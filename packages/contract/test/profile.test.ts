import { describe, expect, it } from 'vitest';
import { sessionResponseSchema } from '../src/auth';
import {
  formatPhoneForDisplay,
  isValidPhone,
  normalizeProfile,
  PROFILE_TEXT,
  profileErrors,
  validateProfile,
  type Profile,
} from '../src/profile';

const VALID: Profile = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  company: 'Harbor & Pine Tax Advisors',
  email: 'dana.whitfield@harborpinetax.com',
  billing_cc_email: 'ap@harborpinetax.com',
  phone_number: '+12075550143',
};
const check = (patch: Partial<Profile>, environment: 'production' | 'local' = 'production') =>
  validateProfile({ ...VALID, ...patch }, environment);

describe('profile texts', () => {
  it('PROF-05..10 PROF-13 PROF-14 PROF-17 PROF-19 are the required texts letter for letter', () => {
    expect(PROFILE_TEXT).toMatchObject({
      firstNameRequired: 'First name is required',
      lastNameRequired: 'Last name is required',
      emailRequired: 'Email is required',
      invalidEmail: 'Invalid email',
      invalidBillingCcEmail: 'Invalid Billing CC email',
      invalidPhone: 'Invalid phone number',
      updateError: 'Error updating profile.',
      updated: 'Profile updated successfully.',
      resetError: 'Error resetting password. Please try again later.',
      resetDone: 'Password reset successfully.',
    });
  });
  // PROF-01's form and PROF-18's sign-out are the page's: profile-page.test.tsx renders and times them.
  it('PROF-12 fields are checked in form order: each failure is told only once those above it pass', () => {
    // Every field wrong at once (company is free text and cannot be).
    const wrong: Profile = {
      first_name: '',
      last_name: '',
      company: '',
      email: 'not-an-email',
      billing_cc_email: 'also-not',
      phone_number: '12',
    };
    const told: string[] = [];
    let values = { ...wrong };
    for (let failure = check(values); failure; failure = check(values)) {
      told.push(`${failure.field}: ${failure.message}`);
      values = { ...values, [failure.field]: VALID[failure.field] };
    }
    expect(told).toEqual([
      'first_name: First name is required',
      'last_name: Last name is required',
      'email: Invalid email',
      'billing_cc_email: Invalid Billing CC email',
      'phone_number: Invalid phone number',
    ]);
  });
});

describe('profile validation', () => {
  it('a complete profile passes', () => {
    expect(check({})).toBeNull();
    expect(profileErrors(VALID, 'production')).toEqual({});
  });
  it("PROF-05 empty (or blank) first name shows 'First name is required'", () => {
    expect(check({ first_name: '' })).toEqual({ field: 'first_name', message: 'First name is required' });
    expect(check({ first_name: '   ' })?.message).toBe('First name is required');
  });
  it("PROF-06 empty last name shows 'Last name is required'", () => {
    expect(check({ last_name: '' })).toEqual({ field: 'last_name', message: 'Last name is required' });
  });
  it("PROF-07 empty email shows 'Email is required'", () => {
    expect(check({ email: ' ' })).toEqual({ field: 'email', message: 'Email is required' });
  });
  it("PROF-08 PROF-20 PROF-22 an invalid email shows 'Invalid email'", () => {
    for (const email of ['dana', 'dana@harbor', 'dana@harbor.c', 'da na@x.com', 'dana!@x.com']) {
      expect(check({ email })).toEqual({ field: 'email', message: 'Invalid email' });
    }
  });
  it('PROF-21 a plus sign before the at-sign is allowed only off production', () => {
    expect(check({ email: 'dana+test@harborpinetax.com' }, 'production')?.message).toBe('Invalid email');
    expect(check({ email: 'dana+test@harborpinetax.com' }, 'local')).toBeNull();
    expect(check({ billing_cc_email: 'ap+cc@harborpinetax.com' }, 'production')?.message).toBe(
      'Invalid Billing CC email',
    );
  });
  it("PROF-09 billing CC email is optional; a non-empty invalid one shows 'Invalid Billing CC email'", () => {
    expect(check({ billing_cc_email: '' })).toBeNull();
    expect(check({ billing_cc_email: 'ap@' })).toEqual({
      field: 'billing_cc_email',
      message: 'Invalid Billing CC email',
    });
  });
  it("PROF-10 phone is optional; a non-empty invalid one shows 'Invalid phone number'", () => {
    expect(check({ phone_number: '' })).toBeNull();
    for (const phone_number of ['(207) 555-0143', '207-555-0143', '+44 20 7946 0958']) {
      expect(check({ phone_number })).toBeNull();
    }
    for (const phone_number of ['555-0100', 'abc', '12', '+1 207 555 01']) {
      expect(check({ phone_number })).toEqual({ field: 'phone_number', message: 'Invalid phone number' });
    }
  });
  it('PROF-11 company is free text, even blank', () => {
    expect(check({ company: '' })).toBeNull();
    expect(check({ company: '  <b>Ünïcode & Sons</b> ' })).toBeNull();
  });
  it('PROF-12 the first failing field in form order is the one reported', () => {
    const everythingWrong: Profile = {
      first_name: '',
      last_name: '',
      company: '',
      email: 'x',
      billing_cc_email: 'y',
      phone_number: 'z',
    };
    expect(validateProfile(everythingWrong, 'production')?.field).toBe('first_name');
    expect(validateProfile({ ...everythingWrong, first_name: 'A' }, 'production')?.field).toBe('last_name');
    expect(validateProfile({ ...everythingWrong, first_name: 'A', last_name: 'B' }, 'production')).toEqual({
      field: 'email',
      message: 'Invalid email',
    });
    expect(profileErrors(everythingWrong, 'production')).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Invalid email',
      billing_cc_email: 'Invalid Billing CC email',
      phone_number: 'Invalid phone number',
    });
  });
});

describe('phone numbers (PROF-10)', () => {
  it('stores valid numbers in E.164, default country US, and shows US numbers in national format', () => {
    expect(normalizeProfile({ ...VALID, phone_number: '(207) 555-0143' }).phone_number).toBe('+12075550143');
    expect(normalizeProfile({ ...VALID, phone_number: '+44 20 7946 0958' }).phone_number).toBe(
      '+442079460958',
    );
    expect(normalizeProfile({ ...VALID, phone_number: '  ' }).phone_number).toBe('');
    expect(formatPhoneForDisplay('+12075550143')).toBe('(207) 555-0143');
    expect(formatPhoneForDisplay('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhoneForDisplay('')).toBe('');
    expect(isValidPhone('2075550143')).toBe(true);
  });
  it('normalising trims every field', () => {
    expect(normalizeProfile({ ...VALID, first_name: ' Dana ', email: ' d@x.com ' })).toMatchObject({
      first_name: 'Dana',
      email: 'd@x.com',
    });
  });
});

describe('session exchange', () => {
  it('AUTH-13 the session answer says whether the sign-in came from a new device', () => {
    const answer = { token: 't', expires_at: '2026-01-01T00:00:00.000Z', new_device: true };
    expect(sessionResponseSchema.parse(answer).new_device).toBe(true);
    expect(sessionResponseSchema.safeParse({ token: 't', expires_at: 'x' }).success).toBe(false);
  });
});
