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

/**
 * The line under a screen's title. With the titles, not in the screens: the layout shows the title
 * and this line while a screen's code is still on its way, and the server writes both into the page.
 */
export const PORTAL_DESCRIPTIONS: Partial<Record<PortalPath, string>> = {
  '/': "Your PIN, this period's credits and the latest news for your account.",
  '/lines':
    'Call the enQ number of the line you need and enter your PIN when asked: enQ connects you to the agency, or waits in its queue for you.',
  '/pdf': 'Your PIN, a printable guide with every enQ number, and contact cards for your phone.',
  '/users':
    'Everyone on the account calls with a PIN of their own: add people, change their PINs and choose what they hear on hold.',
  '/call-rates': 'Credits per minute by destination and time of day (EST).',
  '/call-history':
    'Every call your users made, with its billed duration, rate and credits. Times are New York time.',
  '/subscription': "Your plan, this period's credits, and the plans you can move to.",
};
