import type { Database } from '../../../src/db/client';
import { DEMO_ADMIN, DEMO_ANNUAL, DEMO_STAFF } from '../../../src/db/seed/demo-account';
import { issueApiToken } from '../../../src/domain/auth/api-tokens';
import type { ForeignValues } from './operations';

/** The two demo accounts the suite plays against each other, and the staff identity. */
export interface Cast {
  /** The account whose data must never show: the demo admin's. */
  victim: { accountId: string; markers: string[]; foreign: ForeignValues };
  /** The account making the requests: the annual-plan holder. */
  attacker: { accountId: string; token: string; own: ForeignValues };
  staffToken: string;
  expiredToken: string;
}

async function personOf(database: Database, email: string) {
  const [row] = await database.query<{ id: string; account_id: string; pin: string | null }>(
    'select id, account_id, pin from people where email = $1',
    [email],
  );
  return row!;
}

async function valuesOf(database: Database, accountId: string): Promise<ForeignValues> {
  const [invoice] = await database.query<{ id: string }>(
    'select id from invoices where account_id = $1 limit 1',
    [accountId],
  );
  const [user] = await database.query<{ id: string; pin: string }>(
    'select id, pin from people where account_id = $1 and pin is not null order by is_admin, id limit 1',
    [accountId],
  );
  return { invoiceId: invoice?.id ?? 'none', personId: user!.id, pin: user!.pin };
}

export async function castOf(database: Database): Promise<Cast> {
  const victim = await personOf(database, DEMO_ADMIN.email);
  const attacker = await personOf(database, DEMO_ANNUAL.email);
  const staff = await personOf(database, DEMO_STAFF.email);
  // Strings that belong to the victim's account alone: names, emails, PINs, invoice ids and numbers.
  const rows = await database.query<{ value: string }>(
    `select email as value from people where account_id = $1
     union select full_name from people where account_id = $1
     union select pin from people where account_id = $1 and pin is not null
     union select name from accounts where id = $1
     union select id from invoices where account_id = $1
     union select number from invoices where account_id = $1`,
    [victim.account_id],
  );
  return {
    victim: {
      accountId: victim.account_id,
      markers: rows.map((r) => r.value).filter((v) => v.length >= 4),
      foreign: await valuesOf(database, victim.account_id),
    },
    attacker: {
      accountId: attacker.account_id,
      token: (await issueApiToken(database, attacker.id)).token,
      own: await valuesOf(database, attacker.account_id),
    },
    staffToken: (await issueApiToken(database, staff.id)).token,
    expiredToken: (await issueApiToken(database, attacker.id, new Date(Date.now() - 13 * 3600_000))).token,
  };
}

/**
 * One hash per table of everything an account owns (rows with its account_id, or a person_id of its
 * people, and its accounts row): equal hashes before and after a request mean it changed nothing.
 */
export async function snapshotQuery(database: Database): Promise<string> {
  const tables = await database.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name in ('account_id', 'person_id')
      order by table_name, column_name`,
  );
  const parts = new Map<string, string>();
  for (const { table_name: t, column_name: c } of tables) {
    if (parts.has(t)) continue; // account_id sorts first and is the better scope
    const where =
      c === 'account_id'
        ? 'x.account_id = $1'
        : 'x.person_id in (select id from people where account_id = $1)';
    parts.set(
      t,
      `select '${t}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x where ${where}`,
    );
  }
  parts.set('accounts', `select 'accounts', md5(x::text) from accounts x where x.id = $1`);
  return [...parts.values()].join(' union all ');
}

export async function snapshot(database: Database, sql: string, accountId: string): Promise<string> {
  const rows = await database.query<{ t: string; h: string }>(sql, [accountId]);
  return rows
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join(',');
}

/** The first of the victim's strings found in a response body, if any. */
export const leakIn = (body: string, markers: string[]) => markers.find((m) => body.includes(m)) ?? null;
