/** The twelve portal screens, in the sidebar's order (SHELL-01..12, SHELL-15). */
export const PORTAL_ROUTES = [
  { path: '/', label: 'Overview', title: 'Overview' },
  { path: '/lines', label: 'Lines', title: 'Lines' },
  { path: '/pdf', label: 'PDF', title: 'PDF and Contact Cards' },
  { path: '/profile', label: 'Profile', title: 'Profile' },
  { path: '/billing', label: 'Billing', title: 'Billing' },
  { path: '/users', label: 'Users', title: 'Users' },
  { path: '/call-rates', label: 'Call Rates', title: 'Call Rates' },
  { path: '/call-history', label: 'Call History', title: 'Call History' },
  { path: '/subscription', label: 'Subscription', title: 'Subscription' },
  { path: '/invoices', label: 'Invoices', title: 'Invoices' },
  { path: '/referral', label: 'Referral', title: 'Referral' },
  { path: '/feature-request', label: 'Feature Request', title: 'Feature Request' },
] as const;
export type PortalPath = (typeof PORTAL_ROUTES)[number]['path'];
