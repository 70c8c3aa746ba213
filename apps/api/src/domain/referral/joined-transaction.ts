import type { Database, Queryable } from '../../db/client';

/**
 * The database as seen from inside an open transaction: every statement, and every "transaction" a
 * callee opens, runs in `tx`. It lets an engine function that opens its own transaction (start a
 * subscription, grant a bonus) take part in the caller's, so the caller's writes and the engine's
 * commit or roll back together. Callees must send SQL through `query`, never through `db`.
 */
export function joinedTransaction(database: Database, tx: Queryable): Database {
  return {
    ...database,
    query: (text, params) => tx.query(text, params),
    transaction: (work) => work(tx),
  };
}
