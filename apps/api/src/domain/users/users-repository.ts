import { isUniqueViolation, type Transactional } from '../../db/handle';

/** A person as the users area reads and writes them. */
export interface PersonRow {
  id: string;
  full_name: string;
  email: string;
  pin: string;
  hold_music: string | null;
  is_admin: boolean;
}

/** Which unique index a violation hit: 'pin', 'email' or null (not a unique violation of ours). */
export function uniqueViolation(error: unknown): 'pin' | 'email' | null {
  if (isUniqueViolation(error, 'people_pin_key')) return 'pin';
  if (isUniqueViolation(error, 'people_account_email_key')) return 'email';
  return null;
}

/** A person as the users page lists them (the key names are the page's). */
export interface UserRow {
  full_name: string;
  email: string;
  pin_number: string;
  hold_music: string;
}

/** The users page's people: the admin and the sub-account users, oldest first. */
export async function usersPageRows(
  database: Transactional,
  accountId: string,
): Promise<{ admin: UserRow | null; users: UserRow[] }> {
  // One row of JSON text: PGlite parses rows in JS, so 10,000 rows as one value is much faster.
  const [row] = await database.query<{ admin: string | null; users: string | null }>(
    `select
       (select json_build_object('full_name', full_name, 'email', email, 'pin_number', coalesce(pin, ''),
                                 'hold_music', coalesce(hold_music, ''))::text
          from people where account_id = $1 and is_admin) as admin,
       (select json_agg(json_build_object('full_name', full_name, 'email', email, 'pin_number', coalesce(pin, ''),
                                          'hold_music', coalesce(hold_music, '')) order by created_at, lower(full_name), id)::text
          from people where account_id = $1 and not is_admin and not is_staff) as users`,
    [accountId],
  );
  return {
    admin: row?.admin ? (JSON.parse(row.admin) as UserRow) : null,
    users: row?.users ? (JSON.parse(row.users) as UserRow[]) : [],
  };
}

/** The account's people with the given PINs (scoped: another account's PIN is simply not found). */
export async function peopleByPins(
  database: Transactional,
  accountId: string,
  pins: string[],
): Promise<PersonRow[]> {
  if (pins.length === 0) return [];
  return database.query<PersonRow>(
    `select id, full_name, email, pin, hold_music, is_admin from people
      where account_id = $1 and pin = any($2::text[]) and not is_staff`,
    [accountId, pins],
  );
}

/** The account's people with the given addresses, each already an email key (emailKey). */
export async function peopleByEmails(
  database: Transactional,
  accountId: string,
  emails: string[],
): Promise<PersonRow[]> {
  if (emails.length === 0) return [];
  return database.query<PersonRow>(
    `select id, full_name, email, pin, hold_music, is_admin from people
      where account_id = $1 and lower(email) = any($2::text[]) and not is_staff`,
    [accountId, emails],
  );
}

export async function adminOf(database: Transactional, accountId: string): Promise<PersonRow> {
  const [admin] = await database.query<PersonRow>(
    'select id, full_name, email, pin, hold_music, is_admin from people where account_id = $1 and is_admin',
    [accountId],
  );
  if (!admin) throw new Error(`account ${accountId} has no admin user`);
  return admin;
}

export async function accountEmails(database: Transactional, accountId: string): Promise<Set<string>> {
  const rows = await database.query<{ e: string }>(
    'select lower(email) as e from people where account_id = $1',
    [accountId],
  );
  return new Set(rows.map((r) => r.e));
}

export async function insertPerson(
  tx: Transactional,
  accountId: string,
  user: { full_name: string; email: string; hold_music: string },
  pin: string,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into people (account_id, full_name, email, pin, hold_music)
     values ($1, $2, $3, $4, $5) returning id`,
    [accountId, user.full_name, user.email, pin, user.hold_music],
  );
  return row!.id;
}

export async function updatePerson(
  tx: Transactional,
  accountId: string,
  id: string,
  user: { full_name: string; email: string; hold_music: string },
): Promise<void> {
  await tx.query(
    `update people set full_name = $1, email = $2, hold_music = $3 where id = $4 and account_id = $5`,
    [user.full_name, user.email, user.hold_music, id, accountId],
  );
}

/** Many updates in one statement (a bulk change of thousands of users). */
export async function updatePeople(
  tx: Transactional,
  accountId: string,
  users: { id: string; full_name: string; email: string; hold_music: string }[],
): Promise<void> {
  await tx.query(
    `update people p set full_name = v.full_name, email = v.email, hold_music = v.hold_music
       from jsonb_to_recordset($1::jsonb) as v(id uuid, full_name text, email text, hold_music text)
      where p.id = v.id and p.account_id = $2`,
    [JSON.stringify(users), accountId],
  );
}

export async function setPin(tx: Transactional, accountId: string, id: string, pin: string): Promise<void> {
  await tx.query('update people set pin = $1 where id = $2 and account_id = $3', [pin, id, accountId]);
}

export async function deletePerson(tx: Transactional, accountId: string, id: string): Promise<void> {
  await tx.query('delete from people where id = $1 and account_id = $2 and not is_admin', [id, accountId]);
}
