import {
  SIGNUP_MESSAGES,
  normalizeReferralCode,
  validateSignup,
  type PortalEnvironment,
  type SignupField,
  type SignupInput,
} from '@enq/contract';
import type { Transactional } from '../../db/handle';
import { hashPassword } from '../auth/password';
import type { BillingEngines } from '../billing-engine/billing-engines';
import { listAvailablePlans } from '../billing-engine/plans-repository';
import { randomPin } from '../people/pin';
import {
  emailInUse,
  findReferrer,
  insertAccount,
  insertAccountHolder,
  insertReferral,
  isSignInEmailConflict,
  pinTaken,
  type Referrer,
} from './referral-repository';

export type SignupErrors = Partial<Record<SignupField, string>>;

export type SignupResult =
  | { ok: true; accountId: string; personId: string; pin: string; email: string; referrer: Referrer | null }
  | { ok: false; errors: SignupErrors };

export interface SignupDeps {
  database: Transactional;
  /** The process's billing (composition.ts): the first invoice carries its seller and tax. */
  billing: BillingEngines;
  environment: PortalEnvironment;
  /** Writes the welcome email in the sign-up's transaction: it exists exactly when the account does. */
  welcome?: (tx: Transactional, account: { accountId: string; email: string; pin: string }) => Promise<void>;
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

/**
 * A new customer from the sign-up page: the account, its holder (admin, PIN, password), the
 * subscription started by the billing engine with its first invoice, and the referral when a valid
 * code came with it, all in one transaction, so a failure anywhere writes nothing. The first invoice
 * stays open until the customer adds a card and pays it (the engine marks the account as owing).
 * People already on an enQ account do not count as referred (REFERRAL_TERMS).
 */
export async function signUp(deps: SignupDeps, input: SignupInput, ref?: string): Promise<SignupResult> {
  const { database } = deps;
  const plans = (await listAvailablePlans(database)).map((p) => p.id);
  const errors: SignupErrors = validateSignup(input, plans, deps.environment);
  const email = input.email.trim();
  if (!errors.email && (await emailInUse(database, email)).signIn) errors.email = SIGNUP_MESSAGES.emailTaken;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const [passwordHash, referrer] = await Promise.all([
    hashPassword(input.password),
    referrerFor(database, ref),
  ]);
  const now = deps.billing.clock.now();
  try {
    const created = await database.transaction(async (tx) => {
      const known = await emailInUse(tx, email);
      const accountId = await insertAccount(tx, input.company.trim(), now);
      const pin = await freePin(tx);
      const personId = await insertAccountHolder(tx, {
        accountId,
        fullName: input.full_name.trim(),
        email,
        pin,
        passwordHash,
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
      await deps.welcome?.(tx, { accountId, email, pin });
      return { accountId, personId, pin, referrer: counts ? referrer : null };
    });
    // After the account commits: the plan's invoice is issued, and its period starts once it is paid.
    await deps.billing.engine(database).startSubscription(created.accountId, input.plan);
    return { ok: true, email, ...created };
  } catch (error) {
    if (isSignInEmailConflict(error)) return { ok: false, errors: { email: SIGNUP_MESSAGES.emailTaken } };
    throw error;
  }
}
