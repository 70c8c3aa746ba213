import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Transactional } from '../../db/handle';
import {
  consumeOidcPayload,
  destroyOidcPayload,
  findOidcPayload,
  revokeOidcGrant,
  upsertOidcPayload,
} from '../../domain/auth/oidc-payloads-repository';

/** oidc-provider's storage in our own database, so sessions and codes survive restarts. */
export function databaseAdapter(database: Transactional) {
  return (model: string): Adapter => {
    const find = async (column: 'id' | 'uid' | 'user_code', value: string) =>
      (await findOidcPayload(database, model, column, value)) as AdapterPayload | undefined;
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        await upsertOidcPayload(database, model, id, payload, expiresAt);
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('user_code', userCode),
      consume: (id) => consumeOidcPayload(database, model, id),
      destroy: (id) => destroyOidcPayload(database, model, id),
      revokeByGrantId: (grantId) => revokeOidcGrant(database, grantId),
    };
  };
}
