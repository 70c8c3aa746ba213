export const SECTION_TEXT: Record<string, string> = {
  pricing:
    'Monthly and annual plans priced in credits, from solo practitioners to large firms. Unused monthly credits roll over.',
  features:
    'Priority access to IRS practitioner lines, sub-account users with their own PINs, hold music, call history and CSV export.',
  customers:
    'Thousands of CPAs, enrolled agents and tax attorneys use enQ to reach the agency in minutes instead of hours.',
  lines:
    'IRS Practitioner Priority Service, e-Services, state departments of revenue and more, organised by market.',
  'about-us': 'enQ is a small team of telephony engineers and tax professionals.',
  partners: 'We work with practice-management vendors and professional associations.',
  support: 'Our support team answers questions about your account, billing and lines.',
  blog: 'Notes on agency hold times, filing season staffing and product updates.',
  terms: 'The terms on which enQ provides its service to your practice.',
  privacy: 'We keep call records to bill you and never sell your data.',
  'taxes-and-fees': 'Sales tax applies where required by the service address.',
};

/** The terms' subscription-and-payment section (TERMS_PAYMENT_ANCHOR), which Call Rates links to. */
export const TERMS_PAYMENT_TEXT =
  'Plans renew each period and are paid in advance; credits used beyond the plan are billed as overage at $0.01 per credit, at the period end or when the overage reaches $300, $500 or $1,000.';
