import { emailKey } from '@enq/contract';
import { createHash } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import {
  countFailure,
  forgetFailures,
  forgetFailuresBefore,
  recentFailures,
} from './sign-in-failures-repository';

/*
 * Failed sign-ins slow down the guesser, never the owner. Failures are counted per email+address pair
 * (a growing delay after a few) and per email (a much looser cap). The per-email cap only holds back
 * addresses that have already failed for that email: the right password from an address that has not
 * been guessing always signs in, so an attacker cannot lock a person out, and an attacker spread over
 * many addresses gets one guess per address once the cap is reached. Counts lapse after a quiet
 * WINDOW. Emails are kept only as hashes of their emailKey, the key sign-in looks the person up by.
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 3,
  maxDelaySeconds: 15 * 60,
  accountCap: 30,
  accountCapDelaySeconds: 60,
  windowMinutes: 15,
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const keysFor = (email: string, ip: string) => {
  const who = digest(emailKey(email));
  return { pair: `pair:${digest(`${who}|${ip}`)}`, account: `account:${who}` };
};

/** Seconds to wait after `failures` failures of one pair: 0, 0, 0, then 1, 2, 4 … up to 15 minutes. */
export function pairDelaySeconds(failures: number): number {
  if (failures < SIGN_IN_THROTTLE.freeFailures) return 0;
  return Math.min(2 ** (failures - SIGN_IN_THROTTLE.freeFailures), SIGN_IN_THROTTLE.maxDelaySeconds);
}

/** How many seconds this email+address must still wait before trying again (0: go ahead). */
export async function signInWaitSeconds(database: Transactional, email: string, ip: string, now: Date) {
  const keys = keysFor(email, ip);
  const rows = await recentFailures(
    database,
    [keys.pair, keys.account],
    new Date(now.getTime() - SIGN_IN_THROTTLE.windowMinutes * 60_000),
  );
  const pair = rows.find((r) => r.key === keys.pair);
  const account = rows.find((r) => r.key === keys.account);
  if (!pair) return 0;
  let delay = pairDelaySeconds(pair.failures);
  if (account && account.failures >= SIGN_IN_THROTTLE.accountCap)
    delay = Math.max(delay, SIGN_IN_THROTTLE.accountCapDelaySeconds);
  const waitMs = new Date(pair.last_failure_at).getTime() + delay * 1000 - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** Counts a failure for the pair and the email; a count whose last failure is older than WINDOW restarts. */
export async function recordSignInFailure(database: Transactional, email: string, ip: string, now: Date) {
  const keys = keysFor(email, ip);
  const windowStart = new Date(now.getTime() - SIGN_IN_THROTTLE.windowMinutes * 60_000);
  await countFailure(database, [keys.pair, keys.account], now, windowStart);
  // Lapsed counts are of no use: forget them as we go.
  await forgetFailuresBefore(database, windowStart);
}

/** A successful sign-in clears its pair (the email's count stays: it describes an attack, not a person). */
export async function clearSignInFailures(database: Transactional, email: string, ip: string) {
  await forgetFailures(database, keysFor(email, ip).pair);
}
