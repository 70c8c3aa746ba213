import {
  SIGNUP_LINK_TTL_HOURS,
  SIGNUP_MESSAGES,
  emailKey,
  normalizeReferralCode,
  validateSignup,
  type PortalEnvironment,
  type SignupField,
  type SignupInput,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { hashPassword } from '../auth';
import { type BillingEngines, listAvailablePlans } from '../billing-engine';
import { randomPin } from '../people';
import { claimPendingSignup, createPendingSignup, type PendingSignup } from './pending-signup-repository';
import {
  emailInUse,
  findReferrer,
  findSignInOwner,
  insertAccount,
  insertAccountHolder,
  insertReferral,
  isSignInEmailConflict,
  pinTaken,
  type Referrer,
  type SignInOwner,
} from './referral-repository';

export type SignupErrors = Partial<Record<SignupField, string>>;

export type SignupResult =
  | { ok: true; accountId: string; personId: string; pin: string; email: string; referrer: Referrer | null }
  | { ok: false; errors: SignupErrors }
  /** The link was already used, replaced by a newer one, expired, or never was. */
  | { ok: false; expired: true };

export interface SignupDeps {
  database: Transactional;
  /** The process's billing (composition.ts): the first invoice carries its seller and tax. */
  billing: BillingEngines;
  /** Writes the welcome email in the sign-up's transaction: it exists exactly when the account does. */
  welcome?: (
    tx: Transactional,
    account: { accountId: string; email: string; fullName: string; pin: string },
  ) => Promise<void>;
}

/** The referrer a sign-up form's `ref` names, or null (no code, a malformed one or an unknown one). */
export async function referrerFor(
  database: Transactional,
  ref: string | undefined,
): Promise<Referrer | null> {
  const code = ref ? normalizeReferralCode(ref) : null;
  return code ? findReferrer(database, code) : null;
}

async function freePin(database: Transactional): Promise<string> {
  for (;;) {
    const pin = randomPin();
    if (!(await pinTaken(database, pin))) return pin;
  }
}

/** The sign-up form's field messages (the email's shape, never whether it is taken). */
export async function checkSignupForm(
  database: Transactional,
  input: SignupInput,
  environment: PortalEnvironment,
  now: Date,
): Promise<SignupErrors> {
  const plans = (await listAvailablePlans(database, now)).map((p) => p.id);
  return validateSignup(input, plans, environment);
}

export interface HoldDeps {
  database: Transactional;
  now: Date;
  /** Writes the email with the sign-up's link, in the transaction that keeps the sign-up. */
  sendLink: (tx: Transactional, signup: PendingSignup, token: string) => Promise<void>;
  /** Tells the person who already signs in with this email that someone tried to sign up with it. */
  tellOwner: (owner: SignInOwner) => Promise<void>;
}

/**
 * A checked sign-up form, after its answer (issue 22: the answer says the same for any email). A new
 * email gets a link that makes the account; an email that already signs in gets a notice instead,
 * and nothing is kept. The password is hashed either way, so the two leave the same load behind.
 */
export async function holdSignup(deps: HoldDeps, input: SignupInput, ref: string): Promise<'held' | 'known'> {
  const email = input.email.trim();
  // The hash first, for either email: the lookup and the writes that differ between a new and a known
  // email then start tens of milliseconds after the answer left, never while it is still being sent.
  const passwordHash = await hashPassword(input.password);
  const owner = await findSignInOwner(deps.database, emailKey(email));
  if (owner) {
    await deps.tellOwner(owner);
    return 'known';
  }
  const signup: PendingSignup = {
    email,
    fullName: input.full_name.trim(),
    company: input.company.trim(),
    passwordHash,
    plan: input.plan,
    ref,
  };
  await deps.database.transaction(async (tx) => {
    const expiresAt = new Date(deps.now.getTime() + SIGNUP_LINK_TTL_HOURS * 3_600_000);
    const { token } = await createPendingSignup(tx, signup, emailKey(email), deps.now, expiresAt);
    await deps.sendLink(tx, signup, token);
  });
  return 'held';
}

/**
 * A new customer, when the link of their sign-up is opened: the account, its holder (admin, PIN,
 * password), the subscription started by the billing engine with its first invoice, and the referral
 * when a valid code came with it, all in one transaction with spending the link, so a failure anywhere
 * writes nothing and two confirmations at once make one account. The first invoice stays open until
 * the customer adds a card and pays it (the engine marks the account as owing). People already on an
 * enQ account do not count as referred (REFERRAL_TERMS).
 */
export async function signUp(deps: SignupDeps, token: string): Promise<SignupResult> {
  const { database } = deps;
  const now = deps.billing.clock.now();
  try {
    const created = await database.transaction(async (tx) => {
      const signup = await claimPendingSignup(tx, token, now);
      if (!signup) return { ok: false, expired: true } as const;
      const { email } = signup;
      const plans = (await listAvailablePlans(tx, now)).map((p) => p.id);
      // The plan left the catalogue or the email got a sign-in since the form: the link is spent.
      if (!plans.includes(signup.plan)) return { ok: false, errors: { plan: SIGNUP_MESSAGES.plan } } as const;
      const known = await emailInUse(tx, emailKey(email));
      if (known.signIn) return { ok: false, errors: { email: SIGNUP_MESSAGES.emailTaken } } as const;
      const referrer = await referrerFor(tx, signup.ref);
      const accountId = await insertAccount(tx, signup.company, now);
      const pin = await freePin(tx);
      const personId = await insertAccountHolder(tx, {
        accountId,
        fullName: signup.fullName,
        email,
        pin,
        passwordHash: signup.passwordHash,
        at: now,
      });
      const counts = referrer !== null && !known.any;
      if (counts)
        await insertReferral(tx, {
          referrerAccountId: referrer.accountId,
          referredEmail: email,
          referredAccountId: accountId,
          at: now,
        });
      await deps.welcome?.(tx, { accountId, email, fullName: signup.fullName, pin });
      return {
        ok: true,
        accountId,
        personId,
        pin,
        email,
        referrer: counts ? referrer : null,
        plan: signup.plan,
      } as const;
    });
    if (!created.ok) return created;
    // After the account commits: the plan's invoice is issued, and its period starts once it is paid.
    await deps.billing.engine(database).startSubscription(created.accountId, created.plan);
    const { plan: _plan, ...result } = created;
    return result;
  } catch (error) {
    // Another link for this email made its account a moment earlier: this one stays unspent (rolled back).
    if (isSignInEmailConflict(error)) return { ok: false, errors: { email: SIGNUP_MESSAGES.emailTaken } };
    throw error;
  }
}
