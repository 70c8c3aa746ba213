import type { Transactional } from '../../db/handle';

/** The operator's schedule and policy as stored (collection_settings). */
export interface CollectionSettingRow {
  scope: string;
  plan_id: string | null;
  retry_days: number[];
  after_last: 'refuse' | 'cancel';
}

/** An invoice in collection (payment_collections). */
export interface CollectionRow {
  account_id: string;
  invoice_id: string;
  started_at: Date;
  failures: number;
  next_try_at: Date | null;
  last_reason: string;
  ended: 'refused' | 'cancelled' | null;
}

const COLLECTION_COLUMNS = 'account_id, invoice_id, started_at, failures, next_try_at, last_reason, ended';

/** The setting that applies to the account: its plan's own, else the global one. */
export async function settingFor(q: Transactional, accountId: string): Promise<CollectionSettingRow> {
  const [row] = await q.query<CollectionSettingRow>(
    `select c.scope, c.plan_id, c.retry_days, c.after_last from collection_settings c
      where c.scope = 'global'
         or c.plan_id = (select plan_id from subscriptions where account_id = $1)
      order by (c.scope = 'global') limit 1`,
    [accountId],
    { prepare: true },
  );
  return row!;
}

export function listSettings(q: Transactional) {
  return q.query<CollectionSettingRow>(
    `select scope, plan_id, retry_days, after_last from collection_settings
      order by scope <> 'global', plan_id`,
  );
}

/** Saves a setting (plan_id null: the global one); answers the row as it was before, if any. */
export async function upsertSetting(
  q: Transactional,
  setting: { plan_id: string | null; retry_days: number[]; after_last: string },
  at: Date,
) {
  const scope = setting.plan_id === null ? 'global' : `plan:${setting.plan_id}`;
  const [before] = await q.query<CollectionSettingRow>(
    'select scope, plan_id, retry_days, after_last from collection_settings where scope = $1 for update',
    [scope],
  );
  await q.query(
    `insert into collection_settings (scope, plan_id, retry_days, after_last, updated_at)
     values ($1, $2, $3::int[], $4, $5)
     on conflict (scope) do update set retry_days = excluded.retry_days, after_last = excluded.after_last,
                                       updated_at = excluded.updated_at`,
    [scope, setting.plan_id, setting.retry_days, setting.after_last, at],
  );
  return before ?? null;
}

/** The invoice's collection, locked (the caller's transaction has locked the invoice first). */
export async function findCollection(q: Transactional, accountId: string, invoiceId: string) {
  const [row] = await q.query<CollectionRow>(
    `select ${COLLECTION_COLUMNS} from payment_collections where account_id = $1 and invoice_id = $2 for update`,
    [accountId, invoiceId],
  );
  return row ?? null;
}

export async function saveCollection(q: Transactional, row: CollectionRow, at: Date) {
  await q.query(
    `insert into payment_collections (${COLLECTION_COLUMNS}, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (account_id, invoice_id) do update
        set failures = excluded.failures, next_try_at = excluded.next_try_at,
            last_reason = excluded.last_reason, ended = excluded.ended, updated_at = excluded.updated_at`,
    [
      row.account_id,
      row.invoice_id,
      row.started_at,
      row.failures,
      row.next_try_at,
      row.last_reason,
      row.ended,
      at,
    ],
  );
}

/** Collection's policy after the last try: the subscription ends with its period (docs/billing.md). */
export async function cancelForCollection(q: Transactional, accountId: string, at: Date) {
  await q.query(
    `update subscriptions set cancel_at_period_end = true, pending_plan_id = null, updated_at = $2
      where account_id = $1 and status = 'active'`,
    [accountId, at],
  );
}

/** Whether calls are refused while the account is delinquent (collection's last try, policy 'refuse'). */
export async function setCallsRefused(q: Transactional, accountId: string, refused: boolean) {
  await q.query('update subscriptions set calls_refused = $2 where account_id = $1', [accountId, refused]);
}

/** What the email after a decline says: the invoice, its amount and whom it goes to. */
export async function declineFacts(q: Transactional, accountId: string, invoiceId: string) {
  const [row] = await q.query<{
    number: string;
    total_cents: number;
    email: string | null;
    full_name: string | null;
  }>(
    `select i.number, i.total_cents, p.email, p.full_name from invoices i
       left join lateral (select email, full_name from people
                           where account_id = $1 and is_admin order by created_at limit 1) p on true
      where i.account_id = $1 and i.id = $2`,
    [accountId, invoiceId],
  );
  return row ?? null;
}

/** Collections whose next try has come, on invoices still open (one paid meanwhile is never tried). */
export function dueCollections(q: Transactional, now: Date, limit = 100) {
  return q.query<CollectionRow>(
    `select c.account_id, c.invoice_id, c.started_at, c.failures, c.next_try_at, c.last_reason, c.ended
       from payment_collections c
       join invoices i on i.account_id = c.account_id and i.id = c.invoice_id and i.status = 'open'
      where c.next_try_at <= $1 order by c.next_try_at limit $2`,
    [now, limit],
  );
}

/**
 * Claims a due try for this process: moves its time to `leaseUntil` only if it is still due at `now`.
 * Two processes running the job at once: the second's update waits for the first's, then finds the try
 * no longer due and skips it. If this process dies before charging, the try comes due again when the
 * lease ends (a charge still in flight is then joined, never made twice).
 */
export async function claimTry(
  q: Transactional,
  row: Pick<CollectionRow, 'account_id' | 'invoice_id'>,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  const claimed = await q.query(
    `update payment_collections set next_try_at = $4
      where account_id = $1 and invoice_id = $2 and next_try_at <= $3 returning 1`,
    [row.account_id, row.invoice_id, now, leaseUntil],
  );
  return claimed.length === 1;
}

/** The account's open invoices in collection (a new card on file retries them at once). */
export function openCollections(q: Transactional, accountId: string) {
  return q.query<{ invoice_id: string }>(
    `select c.invoice_id from payment_collections c
       join invoices i on i.account_id = c.account_id and i.id = c.invoice_id and i.status = 'open'
      where c.account_id = $1 order by c.started_at`,
    [accountId],
  );
}

/** The console's list: every open invoice in collection, the next try first. */
export function collectionList(q: Transactional, limit = 200) {
  return q.query<CollectionRow & { account_name: string; invoice_number: string; amount_cents: number }>(
    `select c.account_id, c.invoice_id, c.failures, c.next_try_at, c.last_reason, c.ended, c.started_at,
            a.name as account_name, i.number as invoice_number, i.total_cents as amount_cents
       from payment_collections c
       join invoices i on i.account_id = c.account_id and i.id = c.invoice_id and i.status = 'open'
       join accounts a on a.id = c.account_id
      order by c.next_try_at nulls last, c.started_at limit $1`,
    [limit],
  );
}
