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
  await tx.query(
    `insert into profiles (person_id, account_id, first_name, last_name, company, billing_cc_email, phone_number)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      demo.adminId,
      demo.accountId,
      DEMO_PROFILE.first_name,
      DEMO_PROFILE.last_name,
      DEMO_PROFILE.company,
      DEMO_PROFILE.billing_cc_email,
      DEMO_PROFILE.phone_number,
    ],
  );
};
