import type { Profile } from '@enq/contract';
import type { Database } from '../../db/client';

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
export async function readProfile(database: Database, personId: string): Promise<Profile | null> {
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
