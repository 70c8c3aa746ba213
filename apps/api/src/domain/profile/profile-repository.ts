import type { Profile } from '@enq/contract';
import { isUniqueViolation, type Transactional } from '../../db/handle';
import { DomainError } from '../errors';
import { recordActivity } from '../activity/activity-repository';

interface ProfileRow {
  full_name: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  billing_cc_email: string | null;
  phone_number: string | null;
  account_name: string | null;
}

/** Splits a full name at its last space: 'Dana M. Whitfield' → 'Dana M.' and 'Whitfield'. */
export function splitFullName(fullName: string): { first: string; last: string } {
  const name = fullName.trim();
  const at = name.lastIndexOf(' ');
  return at < 0 ? { first: name, last: '' } : { first: name.slice(0, at), last: name.slice(at + 1) };
}

/**
 * A person's profile: their saved profile row, or, before the first save, one derived from the person
 * (name split at the last space) and the account (its name as the company).
 */
export async function readProfile(database: Transactional, personId: string): Promise<Profile | null> {
  const [row] = await database.query<ProfileRow>(
    `select p.full_name, p.email, f.first_name, f.last_name, f.company, f.billing_cc_email, f.phone_number,
            a.name as account_name
       from people p
       left join profiles f on f.person_id = p.id
       left join accounts a on a.id = p.account_id
      where p.id = $1`,
    [personId],
  );
  if (!row) return null;
  const derived = splitFullName(row.full_name);
  return {
    first_name: row.first_name ?? derived.first,
    last_name: row.last_name ?? derived.last,
    company: row.company ?? row.account_name ?? '',
    email: row.email,
    billing_cc_email: row.billing_cc_email ?? '',
    phone_number: row.phone_number ?? '',
  };
}

export type EmailClash = 'account' | 'sign-in';

/** What the person is told when the email they chose is taken. */
export const EMAIL_CLASH: Record<EmailClash, string> = {
  account: 'Another user of your account already has this email.',
  'sign-in': 'This email already belongs to another enQ sign-in.',
};

/**
 * Whether another person already uses an email, case-insensitively: a user of the same account (the
 * Users page keeps emails unique per account) or, for someone who signs in, another sign-in identity.
 * `emailKey` is the email's canonical key (the contract's emailKey), not the email as typed.
 */
export async function findEmailClashByKey(
  q: Transactional,
  person: { id: string; accountId: string },
  emailKey: string,
): Promise<EmailClash | null> {
  const [row] = await q.query<{ same_account: boolean }>(
    `select o.account_id is not distinct from $2::uuid as same_account
       from people o, people me
      where me.id = $1 and o.id <> me.id and lower(o.email) = $3
        and (o.account_id = $2::uuid or (me.password_hash is not null and o.password_hash is not null))
      order by same_account desc limit 1`,
    [person.id, person.accountId, emailKey],
  );
  if (!row) return null;
  return row.same_account ? 'account' : 'sign-in';
}

/**
 * Saves a validated, normalised profile in one transaction: the profile row, the person's full name and
 * email (what the Users page and sign-in use), and an audit row with the values before and after.
 * Answers the profile as saved.
 */
export async function saveProfile(
  database: Transactional,
  person: { id: string; accountId: string },
  profile: Profile,
): Promise<Profile> {
  try {
    return await writeProfile(database, person, profile);
  } catch (error) {
    // A simultaneous save elsewhere took the email between the check (findEmailClash) and the write.
    if (isUniqueViolation(error)) throw new DomainError('conflict', EMAIL_CLASH['sign-in'], 'email');
    throw error;
  }
}

async function writeProfile(
  database: Transactional,
  person: { id: string; accountId: string },
  profile: Profile,
): Promise<Profile> {
  return database.transaction(async (tx) => {
    const before = await readProfile(tx, person.id);
    await tx.query(
      `insert into profiles (account_id, person_id, first_name, last_name, company, billing_cc_email, phone_number,
                             updated_at)
       select account_id, id, $2, $3, $4, $5, $6, now() from people where id = $1
       on conflict (person_id, account_id) do update set first_name = excluded.first_name, last_name = excluded.last_name,
         company = excluded.company, billing_cc_email = excluded.billing_cc_email,
         phone_number = excluded.phone_number, updated_at = excluded.updated_at`,
      [
        person.id,
        profile.first_name,
        profile.last_name,
        profile.company,
        profile.billing_cc_email,
        profile.phone_number,
      ],
    );
    await tx.query('update people set full_name = $2, email = $3 where id = $1 and account_id = $4', [
      person.id,
      `${profile.first_name} ${profile.last_name}`,
      profile.email,
      person.accountId,
    ]);
    const after = await readProfile(tx, person.id);
    await recordActivity(tx, person.accountId, person.id, [
      { action: 'profile.update', target_person_id: person.id, before, after },
    ]);
    return after!;
  });
}
