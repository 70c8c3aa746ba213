import { textProblem } from '@enq/contract';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Transactional } from '../../db/handle';
import {
  consumeOidcPayload,
  destroyOidcPayload,
  findOidcPayload,
  revokeOidcGrant,
  upsertOidcPayload,
} from '../../domain/auth/oidc-payloads-repository';

// Ids come from requests (a code, a cookie, a client_id): one with a control character names nothing
// stored, and PostgreSQL refuses a NUL outright (a 500), so such an id is answered here as unknown.
const storable = (id: string) => typeof id === 'string' && textProblem(id) === null;

/** oidc-provider's storage in our own database, so sessions and codes survive restarts. */
export function databaseAdapter(database: Transactional) {
  return (model: string): Adapter => {
    const find = async (column: 'id' | 'uid' | 'user_code', value: string) =>
      storable(value)
        ? ((await findOidcPayload(database, model, column, value)) as AdapterPayload | undefined)
        : undefined;
    return {
      async upsert(id, payload, expiresIn) {
        const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
        await upsertOidcPayload(database, model, id, payload, expiresAt);
      },
      find: (id) => find('id', id),
      findByUid: (uid) => find('uid', uid),
      findByUserCode: (userCode) => find('user_code', userCode),
      consume: async (id) => (storable(id) ? consumeOidcPayload(database, model, id) : undefined),
      destroy: async (id) => (storable(id) ? destroyOidcPayload(database, model, id) : undefined),
      revokeByGrantId: (grantId) => revokeOidcGrant(database, grantId),
    };
  };
}
