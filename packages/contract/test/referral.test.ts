import { describe, expect, it } from 'vitest';
import { referralBonusCapCc } from '../src/credits';
import {
  REFERRAL_BONUS_CREDITS,
  REFERRAL_TERMS,
  REFERRAL_TEXT,
  SIGNUP_MESSAGES,
  normalizeReferralCode,
  referralCodePrefix,
  referralDataSchema,
  referralEmailContent,
  referralLink,
  referralMailto,
  validateSignup,
} from '../src/referral';

describe('referral codes', () => {
  it('take the first word of the company name, letters only, up to six', () => {
    expect(referralCodePrefix('Harbor & Pine Tax Advisors')).toBe('HARBOR');
    expect(referralCodePrefix('Lakeside Books')).toBe('LAKESI');
    expect(referralCodePrefix('  émile tax co')).toBe('EMILE');
    expect(referralCodePrefix('A1 Tax')).toBe('TAX');
    expect(referralCodePrefix('1040 & co')).toBe('CO');
    expect(referralCodePrefix('')).toBe('ENQ');
    expect(referralCodePrefix('42')).toBe('ENQ');
  });

  it('are read back whatever the case and spacing, and refuse anything else', () => {
    expect(normalizeReferralCode('  harbor-7k2q ')).toBe('HARBOR-7K2Q');
    expect(normalizeReferralCode('HARBOR-7K2O')).toBeNull(); // O is never issued
    expect(normalizeReferralCode('HARBOR7K2Q')).toBeNull();
    expect(normalizeReferralCode('<script>')).toBeNull();
    expect(normalizeReferralCode('')).toBeNull();
  });
});

describe('the referral link and email', () => {
  it('points at the sign-up page of the marketing site with the code', () => {
    expect(referralLink('https://enq.example.com/', 'HARBOR-7K2Q')).toBe(
      'https://enq.example.com/signup?ref=HARBOR-7K2Q',
    );
    expect(referralLink('http://localhost:8080/site/', 'HARBOR-7K2Q')).toBe(
      'http://localhost:8080/site/signup?ref=HARBOR-7K2Q',
    );
    // A marketing address without its trailing slash still keeps its path.
    expect(referralLink('http://localhost:8080/site', 'AB-2345')).toBe(
      'http://localhost:8080/site/signup?ref=AB-2345',
    );
  });

  it('REF-05 the mailto link carries subject and body percent-encoded, line breaks as CRLF', () => {
    const content = referralEmailContent({
      senderName: 'Dana Whitfield',
      company: 'Harbor & Pine Tax Advisors',
      code: 'HARBOR-7K2Q',
      link: 'http://localhost:8080/site/signup?ref=HARBOR-7K2Q',
    });
    expect(content.subject).toBe('Harbor & Pine Tax Advisors invites you to try enQ');
    expect(content.body).toContain(
      'Sign up with my referral link: http://localhost:8080/site/signup?ref=HARBOR-7K2Q',
    );
    expect(content.body).toContain('HARBOR-7K2Q');
    expect(content.body.endsWith('Dana Whitfield')).toBe(true);
    const mailto = referralMailto(content);
    expect(mailto.startsWith('mailto:?subject=Harbor%20%26%20Pine%20Tax%20Advisors%20invites')).toBe(true);
    expect(mailto).not.toMatch(/[ +\n]/);
    expect(mailto).toContain('%0D%0A');
    expect(mailto).toContain('%3Fref%3DHARBOR-7K2Q');
    const url = new URL(mailto);
    const params = new URLSearchParams(url.search);
    expect(params.get('subject')).toBe(content.subject);
    expect(params.get('body')).toBe(content.body.replace(/\n/g, '\r\n'));
  });

  it('REF-03 REF-04 REF-05 the page texts are the required strings', () => {
    expect(REFERRAL_TEXT).toEqual({
      codeCopied: 'Referral code copied.',
      linkCopied: 'Referral link copied.',
      shareViaEmail: 'Share via Email',
    });
  });

  it('REF-06 the terms state the bonus, the good-standing rule and the engine cap', () => {
    expect(REFERRAL_TERMS.length).toBeGreaterThanOrEqual(5);
    const terms = REFERRAL_TERMS.join(' ');
    expect(terms).toContain(`${REFERRAL_BONUS_CREDITS.toLocaleString('en-US')} bonus credits`);
    expect(terms).toContain('paying subscriber in good standing');
    expect(terms).toContain('three times the monthly plan credits on monthly plans');
    expect(terms).toContain('25% of the yearly allocation on annual plans');
    // The cap the terms name is the engine's: Team monthly 30,000 credits → 90,000; Team annual 360,000 → 90,000.
    expect(referralBonusCapCc(3_000_000, 'mo')).toBe(9_000_000);
    expect(referralBonusCapCc(36_000_000, 'yr')).toBe(9_000_000);
  });

  it('the referral data schema is the API-31 shape plus the referred customers', () => {
    const data = {
      referralCode: 'HARBOR-7K2Q',
      referralLink: 'http://localhost:8080/site/signup?ref=HARBOR-7K2Q',
      emailContent: { subject: 's', body: 'b' },
      referrals: [
        {
          company: 'Cascade',
          signed_up_at: '2026-01-01T00:00:00.000Z',
          status: 'pending',
          bonus_granted_at: null,
        },
      ],
    };
    expect(referralDataSchema.parse(data)).toEqual(data);
    expect(referralDataSchema.safeParse({ ...data, emailContent: 'text' }).success).toBe(false);
  });
});

describe('the sign-up form rules', () => {
  const good = {
    full_name: 'Riley Chen',
    company: 'Chen Tax Group',
    email: 'riley@chentax.com',
    password: 'correct horse',
    plan: 'team-monthly',
  };
  const plans = ['solo-monthly', 'team-monthly'];

  it('accepts a complete form', () => {
    expect(validateSignup(good, plans, 'production')).toEqual({});
  });

  it('names every failing field with its message', () => {
    expect(
      validateSignup(
        { full_name: ' ', company: '', email: 'riley@', password: '123456789', plan: 'gold' },
        plans,
        'production',
      ),
    ).toEqual({
      full_name: SIGNUP_MESSAGES.fullName,
      company: SIGNUP_MESSAGES.company,
      email: SIGNUP_MESSAGES.email,
      password: 'Use at least 10 characters for your password.',
      plan: SIGNUP_MESSAGES.plan,
    });
    expect(validateSignup({ ...good, password: 'x'.repeat(10) }, plans, 'production')).toEqual({});
    expect(validateSignup({ ...good, full_name: 'x'.repeat(101) }, plans, 'production').full_name).toBe(
      'Full name can be at most 100 characters.',
    );
    expect(validateSignup({ ...good, password: 'x'.repeat(201) }, plans, 'production').password).toBe(
      SIGNUP_MESSAGES.passwordTooLong,
    );
  });

  it('allows a plus sign in the email only off production, like every email in the portal', () => {
    const plus = { ...good, email: 'riley+enq@chentax.com' };
    expect(validateSignup(plus, plans, 'production').email).toBe(SIGNUP_MESSAGES.email);
    expect(validateSignup(plus, plans, 'local')).toEqual({});
  });
});
