import { isUniqueViolation, type Transactional } from '../../db/handle';

export async function findReferralCode(q: Transactional, accountId: string): Promise<string | null> {
  const [row] = await q.query<{ code: string }>('select code from referral_codes where account_id = $1', [
    accountId,
  ]);
  return row?.code ?? null;
}

/**
 * Stores the account's code unless it already has one or the code is taken. Concurrent first visits
 * race here: the primary key on account_id lets exactly one insert win, the others read its code.
 */
export async function insertReferralCode(q: Transactional, accountId: string, code: string): Promise<void> {
  await q.query('insert into referral_codes (account_id, code) values ($1, $2) on conflict do nothing', [
    accountId,
    code,
  ]);
}

export async function accountName(q: Transactional, accountId: string): Promise<string | null> {
  const [row] = await q.query<{ name: string }>('select name from accounts where id = $1', [accountId]);
  return row?.name ?? null;
}

export interface Referrer {
  accountId: string;
  company: string;
  code: string;
}

/** The active account behind a code; a closed or suspended account refers nobody. */
export async function findReferrer(q: Transactional, code: string): Promise<Referrer | null> {
  const [row] = await q.query<{ account_id: string; name: string; code: string }>(
    `select a.id as account_id, a.name, c.code from referral_codes c join accounts a on a.id = c.account_id
      where c.code = $1 and a.status = 'active'`,
    [code],
  );
  return row ? { accountId: row.account_id, company: row.name, code: row.code } : null;
}

export interface ReferredRow {
  company: string;
  created_at: Date;
  bonus_granted_at: Date | null;
}

/** The customers an account referred, newest first (the referred account's name, else their email). */
export async function listReferred(q: Transactional, referrerAccountId: string): Promise<ReferredRow[]> {
  return q.query<ReferredRow>(
    `select coalesce(a.name, r.referred_email, '') as company, r.created_at, r.bonus_granted_at
       from referrals r left join accounts a on a.id = r.referred_account_id
      where r.referrer_account_id = $1
      order by r.created_at desc, r.id`,
    [referrerAccountId],
  );
}

// ---- sign-up ----

/**
 * Whether anyone, in any account, already uses an email (then they are not a new customer). `emailKey`
 * is the email's canonical key (the contract's emailKey), not the email as typed.
 */
export async function emailInUse(
  q: Transactional,
  emailKey: string,
): Promise<{ signIn: boolean; any: boolean }> {
  const [row] = await q.query<{ sign_in: boolean; any: boolean }>(
    `select coalesce(bool_or(password_hash is not null), false) as sign_in, count(*) > 0 as any
       from people where lower(email) = $1`,
    [emailKey],
  );
  return { signIn: row?.sign_in ?? false, any: row?.any ?? false };
}

export interface SignInOwner {
  accountId: string;
  email: string;
  fullName: string;
}

/**
 * The person who signs in with an email (one at most: sign-in emails are unique), or null. `emailKey` is
 * the email's canonical key (the contract's emailKey), not the email as typed.
 */
export async function findSignInOwner(q: Transactional, emailKey: string): Promise<SignInOwner | null> {
  const [row] = await q.query<{ account_id: string; email: string; full_name: string }>(
    `select account_id, email, full_name from people where lower(email) = $1 and password_hash is not null`,
    [emailKey],
  );
  return row ? { accountId: row.account_id, email: row.email, fullName: row.full_name } : null;
}

export async function pinTaken(q: Transactional, pin: string): Promise<boolean> {
  return (await q.query('select 1 from people where pin = $1', [pin])).length > 0;
}

export async function insertAccount(q: Transactional, name: string, at: Date): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    'insert into accounts (name, created_at) values ($1, $2) returning id',
    [name, at],
  );
  return row!.id;
}

/** The account holder: admin, with a PIN, able to sign in (the embedded provider's subject is their id). */
export async function insertAccountHolder(
  q: Transactional,
  person: { accountId: string; fullName: string; email: string; pin: string; passwordHash: string; at: Date },
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `insert into people (account_id, full_name, email, pin, is_admin, password_hash, created_at)
     values ($1, $2, $3, $4, true, $5, $6) returning id`,
    [person.accountId, person.fullName, person.email, person.pin, person.passwordHash, person.at],
  );
  const id = row!.id;
  await q.query('update people set identity_subject = id::text where id = $1', [id]);
  return id;
}

export async function insertReferral(
  q: Transactional,
  referral: { referrerAccountId: string; referredEmail: string; referredAccountId: string; at: Date },
): Promise<void> {
  await q.query(
    `insert into referrals (referrer_account_id, referred_email, referred_account_id, created_at)
     values ($1, $2, $3, $4)`,
    [referral.referrerAccountId, referral.referredEmail, referral.referredAccountId, referral.at],
  );
}

// ---- bonus ----

export interface PendingReferral {
  id: string;
  referrer_account_id: string;
}

/** The referral that brought this account, while its bonus is still pending, locked for the grant. */
/** Whether the account came through a referral whose bonus is not granted yet (unlocked: a first look). */
export async function hasPendingReferral(q: Transactional, referredAccountId: string): Promise<boolean> {
  const rows = await q.query(
    'select 1 from referrals where referred_account_id = $1 and bonus_granted_at is null limit 1',
    [referredAccountId],
    { prepare: true },
  );
  return rows.length > 0;
}

export async function lockPendingReferral(
  q: Transactional,
  referredAccountId: string,
): Promise<PendingReferral | null> {
  const [row] = await q.query<PendingReferral>(
    `select id, referrer_account_id from referrals
      where referred_account_id = $1 and bonus_granted_at is null
      order by created_at limit 1 for update`,
    [referredAccountId],
  );
  return row ?? null;
}

/** A paying customer: at least one invoice with an amount paid. */
export async function hasPaidInvoice(q: Transactional, accountId: string): Promise<boolean> {
  const rows = await q.query(
    "select 1 from invoices where account_id = $1 and status = 'paid' and total_cents > 0 limit 1",
    [accountId],
  );
  return rows.length > 0;
}

export async function markBonusGranted(q: Transactional, referralId: string, at: Date): Promise<void> {
  await q.query('update referrals set bonus_granted_at = $2 where id = $1', [referralId, at]);
}

/** Referred accounts whose referrer still waits for a bonus and who have paid something. */
export async function referredAccountsAwaitingBonus(q: Transactional): Promise<string[]> {
  const rows = await q.query<{ referred_account_id: string }>(
    `select distinct r.referred_account_id from referrals r
      where r.bonus_granted_at is null and r.referred_account_id is not null
        and exists (select 1 from invoices i where i.account_id = r.referred_account_id
                      and i.status = 'paid' and i.total_cents > 0)`,
  );
  return rows.map((r) => r.referred_account_id);
}

/** A unique violation on the sign-in email: someone signed up with the same email a moment earlier. */
export const isSignInEmailConflict = (error: unknown): boolean =>
  isUniqueViolation(error, 'people_sign_in_email_key');
