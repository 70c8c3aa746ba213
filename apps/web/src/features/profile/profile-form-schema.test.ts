import { PROFILE_TEXT, type Profile } from '@enq/contract';
import { describe, expect, it } from 'vitest';
import { profileFormSchema, toProfileFormValues } from './profile-form-schema';

const PROFILE: Profile = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  company: 'Harbor & Pine Tax Advisors',
  email: 'dana.whitfield@harborpinetax.com',
  billing_cc_email: '',
  phone_number: '+12075550143',
};
const schema = profileFormSchema('production');
const issues = (values: Profile) => {
  const parsed = schema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path[0], i.message]);
};

describe('the profile form schema', () => {
  it('accepts the values as typed and hands them on unchanged', () => {
    const values = { ...PROFILE, phone_number: '207.555.0199' };
    expect(schema.parse(values)).toEqual(values);
  });

  it('speaks for the first failing field only, naming it', () => {
    expect(issues({ ...PROFILE, last_name: ' ', billing_cc_email: 'ap@', phone_number: 'nope' })).toEqual([
      ['last_name', PROFILE_TEXT.lastNameRequired],
    ]);
    expect(issues({ ...PROFILE, billing_cc_email: 'ap@', phone_number: 'nope' })).toEqual([
      ['billing_cc_email', PROFILE_TEXT.invalidBillingCcEmail],
    ]);
  });

  it('shows a stored E.164 phone the way people write it', () => {
    expect(toProfileFormValues(PROFILE).phone_number).toBe('(207) 555-0143');
  });
});
