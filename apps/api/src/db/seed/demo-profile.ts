import { profiles } from '../schema';
import { DEMO_ACCOUNT_NAME, DEMO_ADMIN } from './demo-account';
import type { DemoSeeder } from './types';

/** The demo admin's saved profile: the practice's accounts-payable inbox on CC, a Portland office line. */
export const DEMO_PROFILE = {
  first_name: 'Dana',
  last_name: 'Whitfield',
  company: DEMO_ACCOUNT_NAME,
  email: DEMO_ADMIN.email,
  billing_cc_email: 'ap@harborpinetax.com',
  phone_number: '+12075550143',
};

export const seedDemoProfile: DemoSeeder = async (tx, demo) => {
  await tx.insert(profiles).values({
    personId: demo.adminId,
    accountId: demo.accountId,
    firstName: DEMO_PROFILE.first_name,
    lastName: DEMO_PROFILE.last_name,
    company: DEMO_PROFILE.company,
    billingCcEmail: DEMO_PROFILE.billing_cc_email,
    phoneNumber: DEMO_PROFILE.phone_number,
  });
};
