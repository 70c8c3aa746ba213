import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_SUFFIX_LENGTH, referralCodePrefix } from '@enq/contract';
import { randomInt } from 'node:crypto';
import type { Transactional } from '../../db/handle';
import { accountName, findReferralCode, insertReferralCode } from './referral-repository';

/** e.g. 'HARBOR-7K2Q': the company's first word and four unambiguous random characters. */
export function newReferralCode(companyName: string): string {
  let suffix = '';
  for (let i = 0; i < REFERRAL_CODE_SUFFIX_LENGTH; i++)
    suffix += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return `${referralCodePrefix(companyName)}-${suffix}`;
}

// 31^4 ≈ 920k suffixes per prefix: a few retries make a collision practically impossible.
const ATTEMPTS = 8;

/** The account's code, made on first request; the same code on every later one. */
export async function ensureReferralCode(q: Transactional, accountId: string): Promise<string> {
  const existing = await findReferralCode(q, accountId);
  if (existing) return existing;
  const name = (await accountName(q, accountId)) ?? '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    await insertReferralCode(q, accountId, newReferralCode(name));
    // Either ours, or the one a concurrent first request stored; none means the code was taken.
    const stored = await findReferralCode(q, accountId);
    if (stored) return stored;
  }
  throw new Error(`could not find a free referral code for account ${accountId}`);
}
