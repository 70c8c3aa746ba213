import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castOf, leakIn, snapshot, snapshotQuery, type Cast } from './suite/accounts';
import { accountOperations, requestFor, sampleOf, type JsonSchema, type Operation } from './suite/operations';
import { newTally, suiteApp, summaryLine, type SuiteApp } from './suite/setup';

/*
 * Every account operation of the OpenAPI document × {no token, bad token, expired token, staff, another
 * account's token with the first account's ids}: 401 / 403 as due, never a 5xx, never one of the first
 * account's strings in a body, and the first account's rows unchanged.
 */
describe('access matrix over the OpenAPI document', () => {
  let s: SuiteApp;
  let cast: Cast;
  let operations: Operation[];
  let resolve: (schema: JsonSchema) => JsonSchema;
  const tally = newTally();
  beforeAll(async () => {
    s = await suiteApp();
    cast = await castOf(s.database);
    ({ operations, resolve } = await accountOperations(s.app));
  });
  afterAll(async () => {
    console.log(summaryLine('access matrix', tally));
    await s?.close();
  });

  const valuesFor = (op: Operation, foreign?: Cast['victim']['foreign']) => ({
    params: Object.fromEntries(
      op.parameters.map((p) => [p.name, sampleOf(p.schema, resolve, foreign, p.name)]),
    ),
    body: op.body ? sampleOf(op.body, resolve, foreign) : undefined,
  });
  const send = async (
    op: Operation,
    headers: Record<string, string>,
    foreign?: Cast['victim']['foreign'],
  ) => {
    const response = await s.app.inject(
      requestFor(op, valuesFor(op, foreign), {
        'idempotency-key': `matrix-${tally.requests}-key`,
        ...headers,
      }),
    );
    tally.requests++;
    const label = `${op.method} ${op.path} -> ${response.statusCode}`;
    if (response.statusCode >= 500) tally.serverErrors.push(label);
    const leak = leakIn(response.body, cast.victim.markers);
    if (leak) tally.leaks.push(`${label} shows "${leak}"`);
    return response;
  };

  it('covers the whole account API', () => {
    expect(operations.length).toBeGreaterThan(30);
    tally.operations = operations.length;
  });

  it('answers 401 with WWW-Authenticate to no token, a bad token and an expired token', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      for (const [name, headers] of [
        ['no token', {}],
        ['bad token', { authorization: 'Bearer enq_not-a-real-token' }],
        ['expired token', { authorization: `Bearer ${cast.expiredToken}` }],
      ] as const) {
        const response = await send(op, headers);
        const challenge = String(response.headers['www-authenticate'] ?? '');
        if (response.statusCode !== 401 || !challenge.startsWith('Bearer'))
          wrong.push(`${name}: ${op.method} ${op.path} -> ${response.statusCode} ${challenge}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a staff identity on every account operation', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.path.startsWith('/api/v1/account'))) {
      const response = await send(op, { authorization: `Bearer ${cast.staffToken}` });
      if (response.statusCode !== 403) wrong.push(`${op.method} ${op.path} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("never shows or changes another account's data, whatever ids are sent", async () => {
    const sql = await snapshotQuery(s.database);
    const before = await snapshot(s.database, sql, cast.victim.accountId);
    const changedBy: string[] = [];
    // Log Out last: it ends the token the other requests use.
    const ordered = [...operations].sort(
      (a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')),
    );
    const foreign = Object.values(cast.victim.foreign);
    const accepted: string[] = [];
    let carrying = 0;
    for (const op of ordered) {
      const values = JSON.stringify(valuesFor(op, cast.victim.foreign));
      const response = await send(
        op,
        { authorization: `Bearer ${cast.attacker.token}` },
        cast.victim.foreign,
      );
      // An id, PIN or invoice of the other account is refused (404 for a thing, 400 for a list item).
      if (foreign.some((v) => values.includes(v))) {
        carrying++;
        if (response.statusCode < 400) accepted.push(`${op.method} ${op.path} -> ${response.statusCode}`);
      }
      if ((await snapshot(s.database, sql, cast.victim.accountId)) !== before) {
        changedBy.push(`${op.method} ${op.path}`);
        break;
      }
    }
    expect(changedBy).toEqual([]);
    expect(accepted).toEqual([]);
    // The invoice, line (PIN) and user operations: the matrix really did send the other account's ids.
    expect(carrying).toBeGreaterThanOrEqual(7);
    expect(tally.serverErrors).toEqual([]);
    expect(tally.leaks).toEqual([]);
  });
});
