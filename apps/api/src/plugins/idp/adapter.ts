import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Transactional } from '../../db/handle';

/** oidc-provider's storage in our own database, so sessions and codes survive restarts. */
export function databaseAdapter(database: Transactional) {
  return (model: string): Adapter => {
    const find = async (column: 'id' | 'uid' | 'user_code', value: string) => {
      const [row] = await database.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `select payload, consumed_at from oidc_payloads
          where model = $1 and ${column} = $2 and (expires_at is null or expires_at > now())`,
        [model, value],
      );
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : row.payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        await database.query(
          `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
           values ($1, $2, $3, $4, $5, $6, $7)
           on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
             user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
          [
            model,
            id,
            JSON.stringify(payload),
            payload.grantId ?? null,
            payload.userCode ?? null,
            payload.uid ?? null,
            expiresAt,
          ],
        );
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('user_code', userCode),
      async consume(id) {
        await database.query('update oidc_payloads set consumed_at = now() where model = $1 and id = $2', [
          model,
          id,
        ]);
      },
      async destroy(id) {
        await database.query('delete from oidc_payloads where model = $1 and id = $2', [model, id]);
      },
      async revokeByGrantId(grantId) {
        await database.query('delete from oidc_payloads where grant_id = $1', [grantId]);
      },
    };
  };
}

/** Expired rows are dead weight: the provider never reads them again. */
export async function deleteExpiredOidcPayloads(database: Transactional): Promise<void> {
  await database.query('delete from oidc_payloads where expires_at < now()');
}
