/** The demo account `npm start` creates on an empty database: a small tax practice and its staff. */
export const DEMO_ADMIN = {
  fullName: 'Dana Whitfield',
  email: 'dana.whitfield@harborpinetax.com',
  password: 'enq-demo-2026',
};

export const DEMO_STAFF = {
  fullName: 'Morgan Reyes',
  email: 'morgan.reyes@enq-staff.com',
  password: 'enq-staff-2026',
  role: 'admin',
} as const;

/** The operator console's other roles (contract admin/staff.ts), with the same password as Morgan. */
export const DEMO_STAFF_MEMBERS = [
  { fullName: 'Avery Chen', email: 'avery.chen@enq-staff.com', role: 'finance' },
  { fullName: 'Jordan Lee', email: 'jordan.lee@enq-staff.com', role: 'support' },
] as const;

export const DEMO_ACCOUNT_NAME = 'Harbor & Pine Tax Advisors';

export const DEMO_SUB_USERS = [
  { fullName: 'Priya Raman', email: 'priya.raman@harborpinetax.com' },
  { fullName: 'Marcus Oyelaran', email: 'marcus.oyelaran@harborpinetax.com' },
  { fullName: 'Elena Kowalczyk', email: 'elena.kowalczyk@harborpinetax.com' },
  { fullName: 'Tom Nguyen', email: 'tom.nguyen@harborpinetax.com' },
  { fullName: 'Rachel Birnbaum', email: 'rachel.birnbaum@harborpinetax.com' },
];

/** A second demo account: a one-person bookkeeper on an annual plan whose credits are used up. */
export const DEMO_ANNUAL = {
  accountName: 'Lakeside Bookkeeping',
  fullName: 'Sam Ortiz',
  email: 'sam.ortiz@lakesidebooks.com',
  password: 'enq-demo-2026',
  planId: 'solo-annual',
};

/**
 * A third demo account: a small practice that took a multi-user plan three days ago and has added
 * nobody yet, the account the sub-account notice is for (OVW-04); in its first week, it also sees the
 * how-to panel (OVW-03).
 */
export const DEMO_NEW_TEAM = {
  accountName: 'Birch Street Accounting',
  fullName: 'Lena Fischer',
  email: 'lena.fischer@birchstreetcpa.com',
  password: 'enq-demo-2026',
  planId: 'practice-monthly',
  address: {
    line1: '48 Birch Street',
    line2: '',
    city: 'Burlington',
    state: 'VT',
    postal_code: '05401',
    country: 'US',
  },
};
