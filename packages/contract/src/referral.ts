import { z } from 'zod';
import { isValidEmail, type PortalEnvironment } from './environment';
import { formatNumber } from './format';

/** GET /referral/ (API-31). */
export const REFERRAL_PATHS = { referral: '/referral/' } as const;

/** Texts of the referral page (REF-01..06). */
export const REFERRAL_TEXT = {
  codeCopied: 'Referral code copied.',
  linkCopied: 'Referral link copied.',
  shareViaEmail: 'Share via Email',
} as const;

/** Credits the referrer earns when a customer they referred pays their first invoice (before the cap). */
export const REFERRAL_BONUS_CREDITS = 2_000;

/**
 * The referral terms, shown as a list on the page. They describe what the code does: the bonus is
 * granted by grantReferralBonusForPayment through the billing engine's grantReferralBonus, whose
 * conditions and cap (referralBonusCapCc in credits.ts) these sentences repeat.
 */
export const REFERRAL_TERMS: readonly string[] = [
  'Share your referral code or link with tax professionals who are not yet enQ customers.',
  `When a customer you referred signs up with your code and pays their first invoice, you receive ${formatNumber(REFERRAL_BONUS_CREDITS)} bonus credits.`,
  'Bonus credits go only to a paying subscriber in good standing: your subscription is active, you have paid at least one invoice and no payment is outstanding.',
  'A bonus that cannot be granted yet stays pending and is granted with a later payment of the customer you referred.',
  'Bonus credits in one billing period are capped at three times the monthly plan credits on monthly plans, and at 25% of the yearly allocation on annual plans.',
  'Bonus credits are added to your current billing period as bonus credits, used after your plan and rollover credits. On monthly plans unused bonus credits carry over together with rollover credits, up to the rollover cap; on annual plans they expire at the end of the annual cycle.',
  'Each new customer counts once, and only when they sign up with your code; people already on an enQ account, as account holder or user, do not qualify.',
  'Bonus credits have no cash value and cannot be transferred or exchanged for money.',
];

// No 0/O, 1/I/L: a code is read aloud and typed from paper.
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_SUFFIX_LENGTH = 4;
const CODE_PATTERN = /^[A-Z]{2,6}-[2-9A-HJKMNP-Z]{4}$/;
const FALLBACK_PREFIX = 'ENQ';

/** The readable part of a code: the first word of the company name, letters only, up to six. */
export function referralCodePrefix(companyName: string): string {
  const letters = companyName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z]+/)
    .find((word) => word.length >= 2);
  return letters ? letters.slice(0, 6) : FALLBACK_PREFIX;
}

/** A code as a person typed it ('  harbor-7k2q ') in its stored form, or null when it cannot be one. */
export function normalizeReferralCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

/** The marketing site's sign-up page carrying the code, e.g. https://enq.example.com/signup?ref=HARBOR-7K2Q. */
export function referralLink(marketingUrl: string, code: string): string {
  const base = marketingUrl.endsWith('/') ? marketingUrl : `${marketingUrl}/`;
  const url = new URL('signup', base);
  url.search = '';
  url.hash = '';
  url.searchParams.set('ref', code);
  return url.toString();
}

/** What 'Share via Email' puts in a new message: a subject and a plain-text body. */
export const emailContentSchema = z
  .object({ subject: z.string(), body: z.string() })
  .meta({ id: 'ReferralEmailContent' });
export type EmailContent = z.infer<typeof emailContentSchema>;

export function referralEmailContent({
  senderName,
  company,
  code,
  link,
}: {
  senderName: string;
  company: string;
  code: string;
  link: string;
}): EmailContent {
  const who = company.trim() || senderName.trim() || 'We';
  return {
    subject: `${who} invites you to try enQ`,
    body: [
      'Hello,',
      '',
      `${who} uses enQ to reach IRS and state tax-agency phone lines without the long hold. I think it would help your practice too.`,
      '',
      `Sign up with my referral link: ${link}`,
      `Or enter my referral code when you sign up: ${code}`,
      '',
      'Best regards,',
      senderName.trim() || who,
    ].join('\n'),
  };
}

/**
 * The mailto: link of 'Share via Email' (REF-05): no recipient, the subject and body percent-encoded
 * (RFC 6068: spaces as %20, line breaks as %0D%0A; never '+', which mail clients show literally).
 */
export function referralMailto({ subject, body }: EmailContent): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  return `mailto:?subject=${encode(subject)}&body=${encode(body)}`;
}

export const referredCustomerSchema = z.object({
  company: z.string(),
  signed_up_at: z.string().meta({ description: 'ISO 8601' }),
  status: z.enum(['pending', 'granted']),
  bonus_granted_at: z.string().nullable().meta({ description: 'ISO 8601; null while pending' }),
});
export type ReferredCustomer = z.infer<typeof referredCustomerSchema>;

/** The referral data (API-31), plus the customers this account referred. */
export const referralDataSchema = z
  .object({
    referralCode: z.string(),
    referralLink: z.string(),
    emailContent: emailContentSchema,
    referrals: z.array(referredCustomerSchema),
  })
  .meta({ id: 'Referral' });
export type ReferralData = z.infer<typeof referralDataSchema>;

// ---- The sign-up form behind the referral link (local marketing site) ----

export const SIGNUP_PASSWORD_MIN_LENGTH = 10;
export const SIGNUP_LIMITS = { fullName: 100, company: 200, email: 320, password: 200 } as const;

export const SIGNUP_MESSAGES = {
  fullName: 'Enter your full name.',
  company: 'Enter your company or practice name.',
  email: 'Enter a valid email address.',
  emailTaken: 'An account with this email already exists. Sign in instead.',
  password: `Use at least ${SIGNUP_PASSWORD_MIN_LENGTH} characters for your password.`,
  passwordTooLong: `Use at most ${SIGNUP_LIMITS.password} characters for your password.`,
  plan: 'Choose a plan.',
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
} as const;

/**
 * Sign-up finishes by email (issue 22): the form answers the same page whether or not the email already
 * signs in, and the account is made when the link emailed to that address is opened.
 */
export const SIGNUP_LINK_TTL_HOURS = 24;
export const SIGNUP_PAGE_PATH = '/site/signup';
/** Where the link in a sign-up email leads: `${SIGNUP_CONFIRM_PATH}/<token>` on PUBLIC_URL. */
export const SIGNUP_CONFIRM_PATH = '/site/signup/confirm';
export const SIGNUP_READY_PATH = '/site/signup/ready';

export const SIGNUP_TEXT = {
  checkEmail: 'Check your email to finish signing up',
  sent: (email: string) => `We sent a message to ${email} with the next step. Open it to finish signing up.`,
  notArrived: 'Nothing arrived after a few minutes? Check your spam folder, or sign up again.',
  confirmTitle: 'Finish signing up',
  confirmIntro: (company: string, email: string) =>
    `Create the enQ account for ${company}, signing in with ${email}.`,
  confirmButton: 'Confirm and create my account',
  notYou: 'If you did not ask for an enQ account, close this page: nothing is created.',
  linkExpired: 'This link has expired or was already used',
  linkExpiredDetail: `Sign-up links work once and for ${SIGNUP_LINK_TTL_HOURS} hours, and only the newest one. Sign up again to get a new link.`,
  signUpAgain: 'Sign up again',
  notCreated: 'Your account was not created',
  ready: 'Your account is ready — sign in',
} as const;

export interface SignupInput {
  full_name: string;
  company: string;
  email: string;
  password: string;
  plan: string;
}
export type SignupField = keyof SignupInput;

/**
 * The sign-up form's rules, in form order: each failing field with its message. `plans` are the
 * price ids a visitor may choose.
 */
export function validateSignup(
  input: SignupInput,
  plans: readonly string[],
  environment: PortalEnvironment,
): Partial<Record<SignupField, string>> {
  const errors: Partial<Record<SignupField, string>> = {};
  const fullName = input.full_name.trim();
  const company = input.company.trim();
  const email = input.email.trim();
  if (fullName.length < 2) errors.full_name = SIGNUP_MESSAGES.fullName;
  else if (fullName.length > SIGNUP_LIMITS.fullName)
    errors.full_name = SIGNUP_MESSAGES.tooLong('Full name', SIGNUP_LIMITS.fullName);
  if (company.length < 2) errors.company = SIGNUP_MESSAGES.company;
  else if (company.length > SIGNUP_LIMITS.company)
    errors.company = SIGNUP_MESSAGES.tooLong('Company', SIGNUP_LIMITS.company);
  if (email.length > SIGNUP_LIMITS.email || !isValidEmail(email, environment))
    errors.email = SIGNUP_MESSAGES.email;
  if (input.password.length < SIGNUP_PASSWORD_MIN_LENGTH) errors.password = SIGNUP_MESSAGES.password;
  else if (input.password.length > SIGNUP_LIMITS.password) errors.password = SIGNUP_MESSAGES.passwordTooLong;
  if (!plans.includes(input.plan)) errors.plan = SIGNUP_MESSAGES.plan;
  return errors;
}
