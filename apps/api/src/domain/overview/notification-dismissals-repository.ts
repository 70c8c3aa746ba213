import type { Transactional } from '../../db/handle';

// What a person hid from their overview: notices (by id, or 'sub_account') and, per period, fired spend
// alerts ('spend:<period id>:<alert key>'). Every key is stored lower-case, so the one spelling is the
// one a reader compares against: a notice id arrives from a URL in either case.

/** Remembers that a person dismissed `key` (idempotent). */
export async function saveDismissal(
  q: Transactional,
  accountId: string,
  personId: string,
  key: string,
  now: Date,
): Promise<void> {
  await q.query(
    `insert into notification_dismissals (account_id, person_id, notification_key, dismissed_at)
     values ($1, $2, $3, $4) on conflict (person_id, notification_key, account_id) do nothing`,
    [accountId, personId, key.toLowerCase(), now],
  );
}

/** The keys this person dismissed that start with `prefix` (lower-case, as stored). */
export async function dismissedKeys(
  q: Transactional,
  accountId: string,
  personId: string,
  prefix: string,
): Promise<Set<string>> {
  const rows = await q.query<{ notification_key: string }>(
    `select notification_key from notification_dismissals
      where account_id = $1 and person_id = $2 and starts_with(notification_key, $3)`,
    [accountId, personId, prefix.toLowerCase()],
    { prepare: true },
  );
  return new Set(rows.map((r) => r.notification_key));
}
