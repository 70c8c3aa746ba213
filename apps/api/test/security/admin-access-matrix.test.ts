import { STAFF_ROLES, staffCan } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffToken } from '../helpers/staff';
import { castOf, snapshot, snapshotQuery, type Cast } from './suite/accounts';
import { adminOperations, requestFor, sampleOf, type JsonSchema, type Operation } from './suite/operations';
import { newTally, suiteApp, summaryLine, type SuiteApp } from './suite/setup';

/*
 * Every operator-console operation of the OpenAPI document (issue 25) × {no token, bad token, an
 * account's token, each staff role}: 401 without a live token, 403 to every account token and to each
 * role the operation's `x-staff-permission` does not allow, never 401/403 to a role it allows, never a
 * 5xx. Refused requests change nothing.
 */
describe('admin access matrix over the OpenAPI document', () => {
  let s: SuiteApp;
  let cast: Cast;
  let operations: Operation[];
  let resolve: (schema: JsonSchema) => JsonSchema;
  const tally = newTally();
  beforeAll(async () => {
    s = await suiteApp();
    cast = await castOf(s.database);
    ({ operations, resolve } = await adminOperations(s.app));
  });
  afterAll(async () => {
    console.log(summaryLine('admin access matrix', tally));
    await s?.close();
  });

  const send = async (op: Operation, headers: Record<string, string>) => {
    const values = {
      params: Object.fromEntries(
        op.parameters.map((p) => [p.name, sampleOf(p.schema, resolve, undefined, p.name)]),
      ),
      body: op.body ? sampleOf(op.body, resolve) : undefined,
    };
    const response = await s.app.inject(
      requestFor(op, values, { 'idempotency-key': `admin-matrix-${tally.requests}-key`, ...headers }),
    );
    tally.requests++;
    if (response.statusCode >= 500)
      tally.serverErrors.push(`${op.method} ${op.path} -> ${response.statusCode}`);
    return response;
  };

  it('ADMIN-01 covers the console API, and every operation names the permission it needs', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((op) => !op.staffPermission).map((op) => `${op.method} ${op.path}`)).toEqual([]);
    tally.operations = operations.length;
  });

  it("ADMIN-01 covers the pause and resume on a customer's behalf, with the plan-change permission (issue 64)", () => {
    const pause = operations
      .filter((op) => /\/accounts\/\{accountId\}\/pause/.test(op.path))
      .map((op) => `${op.method} ${op.path.replace(/^.*\/accounts/, '/accounts')} ${op.staffPermission}`);
    expect(pause.sort()).toEqual([
      'POST /accounts/{accountId}/pause changePlan',
      'POST /accounts/{accountId}/pause/resume changePlan',
    ]);
  });

  it('ADMIN-01 answers 401 to no token and a bad token, 403 to account tokens, and changes nothing', async () => {
    const sql = await snapshotQuery(s.database);
    const accounts = [cast.victim.accountId, cast.attacker.accountId];
    const before = await Promise.all(accounts.map((id) => snapshot(s.database, sql, id)));
    const wrong: string[] = [];
    for (const op of operations) {
      for (const [name, headers, status] of [
        ['no token', {}, 401],
        ['bad token', { authorization: 'Bearer enq_not-a-real-token' }, 401],
        ['account token', { authorization: `Bearer ${cast.attacker.token}` }, 403],
      ] as const) {
        const response = await send(op, headers);
        if (response.statusCode !== status)
          wrong.push(`${name}: ${op.method} ${op.path} -> ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await Promise.all(accounts.map((id) => snapshot(s.database, sql, id)))).toEqual(before);
  });

  it('ADMIN-01 lets each staff role do exactly what its permissions allow', async () => {
    const wrong: string[] = [];
    for (const role of STAFF_ROLES) {
      const { token } = await staffToken(s.database, role);
      for (const op of operations) {
        const allowed = staffCan(role, op.staffPermission!);
        const response = await send(op, { authorization: `Bearer ${token}` });
        const refused = response.statusCode === 401 || response.statusCode === 403;
        if (allowed === refused) wrong.push(`${role}: ${op.method} ${op.path} -> ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(tally.serverErrors).toEqual([]);
  });
});
