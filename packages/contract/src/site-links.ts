/**
 * The header menus link into the marketing site (SHELL-16..19). Each entry is a section anchor
 * on the marketing site; the local marketing page renders one section per anchor.
 */
export interface SiteLink {
  label: string;
  anchor: string;
}
export interface SiteMenu {
  label: string;
  items: readonly SiteLink[];
}

export const MARKETING_MENUS: readonly SiteMenu[] = [
  {
    label: 'Product',
    items: [
      { label: 'Pricing', anchor: 'pricing' },
      { label: 'Features', anchor: 'features' },
      { label: 'Customers', anchor: 'customers' },
      { label: 'Lines', anchor: 'lines' },
    ],
  },
  {
    label: 'Company',
    items: [
      { label: 'About Us', anchor: 'about-us' },
      { label: 'Partners', anchor: 'partners' },
    ],
  },
  {
    label: 'Resources',
    items: [
      { label: 'Support', anchor: 'support' },
      { label: 'Blog', anchor: 'blog' },
    ],
  },
];

/** Shown in the mobile menu only. */
export const LEGAL_MENU: SiteMenu = {
  label: 'Legal',
  items: [
    { label: 'Terms', anchor: 'terms' },
    { label: 'Privacy', anchor: 'privacy' },
    { label: 'Taxes & Fees', anchor: 'taxes-and-fees' },
  ],
};

/** The subscription-and-payment section within the terms of service (RATE-08 links to it). */
export const TERMS_PAYMENT_ANCHOR = 'terms-subscription-and-payment';

export function marketingLink(marketingUrl: string, anchor: string): string {
  return `${marketingUrl.replace(/#.*$/, '')}#${anchor}`;
}
