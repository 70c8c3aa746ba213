// Issue 17, "distributable by account": to shard by account (Citus), every account-owned table's primary
// key, unique keys and foreign keys to other account-owned tables must include the account column.
// This reads the migrated catalogue, so a new table or key that breaks the rule fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/client';
import { drivers, openTestDatabase } from '../../helpers/app';

/**
 * Tables that are not sharded by account: copied to every node (Citus reference tables) or kept on the
 * coordinator. Why each one is, so the list stays a decision (docs/scaling.md, "Sharding by account").
 */
const NOT_BY_ACCOUNT: Record<string, string> = {
  plans: 'the plan catalogue, the same for every account',
  rates: 'the rate table, the same for every account',
  collection_settings:
    "the operator's retry schedule for declined payments, globally and per plan: the same for every account",
  plan_versions: "the plan catalogue's prices and credits by effective date, the same for every account",
  rate_revision: 'one counter every process reads to know the rate table changed',
  account_changes_horizon: "one transaction id below which every process's kept answers are read again",
  hold_music: 'the hold-music catalogue',
  line_markets: 'the tax-agency line catalogue',
  line_departments: 'the tax-agency line catalogue',
  server_secrets: "the server's own signing and cookie keys",
  oidc_payloads: "the identity provider's sessions, grants and codes, keyed by the provider's ids",
  consumed_id_tokens: 'ID tokens already exchanged, looked up by hash before anyone is known',
  sign_in_failures: 'sign-in throttle counters keyed by address and hashed email, before anyone is known',
  rate_limit_hits: 'rate-limit counters keyed by route and client address, shared by every process',
  outbox: 'the mail queue: visitors and staff have no account, one sender drains it',
  feature_requests: "enQ's inbox of requests; visitors have no account, account_id only attributes one",
  notifications: 'notices the operator writes; most are for every account (account_id null)',
  pins: 'a PIN is unique service-wide: the call authorisation finds the account from it',
  sign_in_emails: 'a sign-in email is unique service-wide: the sign-in finds the person from it',
  referral_codes:
    'a referral code is unique service-wide: the sign-up page finds the referring account from it',
  pending_signups: 'sign-ups waiting for their emailed link: no account exists until it is opened',
  invoice_numbers: "an invoice number is the seller's, unique across every account",
  sandbox_charges:
    "the local card sandbox's own records, standing in for Stripe's: keyed by the provider's idempotency key",
  sandbox_refunds:
    "the local card sandbox's own refunds, standing in for Stripe's: keyed by the provider's idempotency key",
  sandbox_customers:
    "the local card sandbox's Customers, standing in for Stripe's: keyed by the provider's idempotency key",
  sandbox_setup_intents:
    "the local card sandbox's SetupIntents, standing in for Stripe's: keyed by the provider's ids",
  sandbox_payment_methods:
    "the local card sandbox's attached cards, standing in for Stripe's: keyed by the provider's ids",
  sandbox_events:
    "the local card sandbox's webhook deliveries, standing in for Stripe's: keyed by the provider's event ids",
  provider_events:
    "the card provider's events, kept once by the provider's event id before the account is known",
  spent_form_tokens: 'site-form tokens already spent, looked up by hash before anyone is known',
  staff_audit:
    "the operator console's trail: staff have no account, and account_id only names the account an action touched",
  staff_action_claims:
    "claims on a console action's Idempotency-Key while it runs, keyed as the staff trail is: staff have no account",
  identity_subjects:
    "an identity provider's subject is unique service-wide: the session exchange finds the person from it",
};

/** The column a table is sharded by, where it is not `account_id`. */
const SHARD_COLUMN: Record<string, string> = { accounts: 'id', referrals: 'referrer_account_id' };

/** Foreign keys that point at another account on purpose (Citus keeps them as plain columns). */
const CROSS_ACCOUNT_KEYS: Record<string, string> = {
  referrals_referred_account_id_accounts_id_fk: 'the account a referral brought in is another account',
};

interface Key {
  table: string;
  name: string;
  kind: 'p' | 'u' | 'f' | 'index';
  columns: string[];
  refTable: string | null;
  refColumns: string[];
}

// Constraints (primary, unique, foreign) and unique indexes, with their columns by name; an expression
// in a unique index (lower(email)) counts as no column, so it never passes for account_id.
const KEYS = `
  select c.conrelid::regclass::text as "table", c.conname as name, c.contype as kind,
         array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)::text[] as columns,
         c.confrelid::regclass::text as "refTable",
         array(select a.attname from unnest(c.confkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i)::text[] as "refColumns"
    from pg_constraint c join pg_namespace s on s.oid = c.connamespace
   where s.nspname = 'public' and c.contype in ('p', 'u', 'f')
  union all
  select i.indrelid::regclass::text, x.relname, 'index',
         array(select a.attname from unnest(i.indkey::int2[]) k(n)
                 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n)::text[],
         null, '{}'::text[]
    from pg_index i join pg_class x on x.oid = i.indexrelid join pg_namespace s on s.oid = x.relnamespace
   where s.nspname = 'public' and i.indisunique
     and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u'))`;

describe.each(drivers)('every account-owned table is keyed by account (%s)', (driver) => {
  let database: Database;
  let tables: string[];
  let keys: Key[];
  let columns: Map<string, Map<string, boolean>>;
  beforeAll(async () => {
    database = await openTestDatabase(driver);
    await database.migrate();
    const rows = await database.query<{ table_name: string; column_name: string; is_nullable: string }>(
      `select c.table_name, c.column_name, c.is_nullable from information_schema.columns c
         join information_schema.tables t using (table_schema, table_name)
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`,
    );
    columns = new Map();
    for (const r of rows) {
      if (!columns.has(r.table_name)) columns.set(r.table_name, new Map());
      columns.get(r.table_name)!.set(r.column_name, r.is_nullable === 'NO');
    }
    tables = [...columns.keys()].sort();
    keys = await database.query<Key>(KEYS);
  }, 60_000);
  afterAll(() => database?.close());

  const shardColumn = (table: string) => SHARD_COLUMN[table] ?? 'account_id';

  /** accounts, every table with an account column, and (until none is added) every table referencing one. */
  function accountOwned(): Set<string> {
    const owned = new Set(
      tables.filter(
        (t) => !(t in NOT_BY_ACCOUNT) && (t === 'accounts' || columns.get(t)!.has(shardColumn(t))),
      ),
    );
    for (let grew = true; grew;) {
      grew = false;
      for (const k of keys)
        if (k.kind === 'f' && owned.has(k.refTable!) && !owned.has(k.table) && !(k.table in NOT_BY_ACCOUNT)) {
          owned.add(k.table);
          grew = true;
        }
    }
    return owned;
  }

  it('knows every table: sharded by account, or listed with the reason it is not', () => {
    const owned = accountOwned();
    expect(tables.filter((t) => !owned.has(t) && !(t in NOT_BY_ACCOUNT))).toEqual([]);
    expect(Object.keys(NOT_BY_ACCOUNT).filter((t) => !tables.includes(t))).toEqual([]);
    expect(owned.size).toBeGreaterThan(15);
  });

  it('gives every account-owned table a required account column in its primary key and unique keys', () => {
    const problems: string[] = [];
    for (const table of accountOwned()) {
      const column = shardColumn(table);
      if (columns.get(table)!.get(column) !== true) problems.push(`${table}: no required ${column} column`);
      const own = keys.filter((k) => k.table === table);
      if (!own.some((k) => k.kind === 'p')) problems.push(`${table}: no primary key`);
      for (const k of own)
        if (k.kind !== 'f' && !k.columns.includes(column))
          problems.push(`${table}: ${k.name} (${k.columns})`);
    }
    expect(problems).toEqual([]);
  });

  it('makes every foreign key between account-owned tables carry the account column on both sides', () => {
    const owned = accountOwned();
    const problems: string[] = [];
    for (const k of keys) {
      if (k.kind !== 'f' || !owned.has(k.table) || !owned.has(k.refTable!) || k.name in CROSS_ACCOUNT_KEYS)
        continue;
      const at = k.columns.indexOf(shardColumn(k.table));
      if (at < 0 || k.refColumns[at] !== shardColumn(k.refTable!))
        problems.push(`${k.table}: ${k.name} (${k.columns}) -> ${k.refTable} (${k.refColumns})`);
    }
    expect(problems).toEqual([]);
    for (const name of Object.keys(CROSS_ACCOUNT_KEYS)) expect(keys.map((k) => k.name)).toContain(name);
  });
});
