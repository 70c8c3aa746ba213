import type { Transactional } from '../../db/handle';

/** Whether this person has signed in from this device before (AUTH-13). */
export async function isKnownDevice(q: Transactional, personId: string, deviceId: string): Promise<boolean> {
  const rows = await q.query('select 1 from known_devices where person_id = $1 and device_id = $2', [
    personId,
    deviceId,
  ]);
  return rows.length > 0;
}

/** The device the sign-in behind an API token came from, if the identity provider named one. */
export async function deviceOfToken(q: Transactional, tokenHash: string): Promise<string | null> {
  const [row] = await q.query<{ device_id: string | null }>(
    'select device_id from api_tokens where token_hash = $1',
    [tokenHash],
  );
  return row?.device_id ?? null;
}

export interface DeviceSighting {
  personId: string;
  deviceId: string;
  userAgent: string;
  ip: string;
  at: Date;
}

/**
 * Records a sign-in from a device: a new row the first time (answering true), afterwards only the
 * last-seen details. The insert decides, so two racing calls cannot both count as new.
 */
export async function recordDevice(q: Transactional, sighting: DeviceSighting): Promise<boolean> {
  const { personId, deviceId, userAgent, ip, at } = sighting;
  const inserted = await q.query(
    `insert into known_devices (account_id, person_id, device_id, user_agent, ip, first_seen_at, last_seen_at)
     select account_id, id, $2, $3, $4, $5::timestamptz, $5::timestamptz from people where id = $1
     on conflict (person_id, device_id, account_id) do nothing
     returning 1`,
    [personId, deviceId, userAgent, ip, at],
  );
  if (inserted.length > 0) return true;
  await q.query(
    `update known_devices set user_agent = $3, ip = $4, last_seen_at = $5
      where person_id = $1 and device_id = $2`,
    [personId, deviceId, userAgent, ip, at],
  );
  return false;
}

export async function markDeviceNotified(
  q: Transactional,
  personId: string,
  deviceId: string,
  at: Date,
): Promise<void> {
  await q.query('update known_devices set notified_at = $3 where person_id = $1 and device_id = $2', [
    personId,
    deviceId,
    at,
  ]);
}
