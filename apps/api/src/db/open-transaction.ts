import type { QueryOptions, Transactional } from './handle';

/**
 * One connection runs one statement at a time: statements of a transaction sent at once (a Promise.all
 * in domain code) wait their turn here, in the order they were sent, rather than in the driver, which
 * pg deprecates ("already executing a query") and pg@9 refuses.
 */
export function oneAtATime(query: Transactional['query']): Transactional['query'] {
  let last: Promise<unknown> = Promise.resolve();
  return <Row>(text: string, params?: unknown[], options?: QueryOptions) => {
    const run = last.then(() => query<Row>(text, params, options));
    last = run.catch(() => undefined);
    return run;
  };
}

/** An open transaction's statements, with nested transactions as savepoints on it. */
export function openTransaction(query: Transactional['query']): Transactional {
  let savepoints = 0;
  const tx: Transactional = {
    query,
    async transaction(work) {
      const savepoint = `nested_${++savepoints}`;
      await query(`savepoint ${savepoint}`);
      try {
        const result = await work(tx);
        await query(`release savepoint ${savepoint}`);
        return result;
      } catch (error) {
        await query(`rollback to savepoint ${savepoint}`).catch(() => undefined);
        throw error;
      }
    },
  };
  return tx;
}
