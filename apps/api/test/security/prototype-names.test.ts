import { API_ACCOUNT_BASE, BILLING_PATHS, USERS_PATHS } from '@enq/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castOf, type Cast } from './suite/accounts';
import { accountOperations, requestFor, sampleOf, type JsonSchema, type Operation } from './suite/operations';
import { replaced, stringLeaves } from './suite/sample-paths';
import { newTally, suiteApp, summaryLine, type SuiteApp } from './suite/setup';

/** Names every plain object answers to: a lookup table that is a plain object finds them all. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
/** As keys of a JSON body: every member of Object.prototype, each given a value that is no object. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

/*
 * Prototype names in every string an account operation takes (path, query and body): each is an
 * ordinary unknown value, answered like any other, never a 5xx.
 */
describe('prototype names are ordinary unknown values at every account operation', () => {
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
    console.log(summaryLine('prototype names', tally));
    await s?.close();
  });

  const send = (op: Operation, params: Record<string, unknown>, body: unknown) =>
    s.app.inject(
      requestFor(
        op,
        { params, body },
        {
          authorization: `Bearer ${cast.attacker.token}`,
          'idempotency-key': `prototype-names-${tally.requests++}-key`,
        },
      ),
    );

  it('never answers 5xx to a prototype name in any string an operation takes', async () => {
    // Log Out would end the token every other request uses.
    const targets = operations.filter((o) => !o.path.endsWith('/logout'));
    tally.operations = targets.length;
    for (const op of targets) {
      const params = Object.fromEntries(
        op.parameters.map((p) => [p.name, sampleOf(p.schema, resolve, cast.attacker.own, p.name)]),
      );
      const body = op.body ? sampleOf(op.body, resolve, cast.attacker.own) : undefined;
      for (const name of PROTOTYPE_NAMES) {
        for (const p of op.parameters.filter((q) => q.in !== 'header')) {
          // A path parameter may be a file name (hold music is `<track>.wav`).
          for (const value of p.in === 'path' ? [name, `${name.toLowerCase()}.wav`] : [name]) {
            const response = await send(op, { ...params, [p.name]: value }, body);
            if (response.statusCode >= 500)
              tally.serverErrors.push(`${op.method} ${op.path} ${p.name}=${value} -> ${response.statusCode}`);
          }
        }
        for (const leaf of body === undefined ? [] : stringLeaves(body)) {
          const response = await send(op, params, replaced(body, leaf, name));
          if (response.statusCode >= 500)
            tally.serverErrors.push(
              `${op.method} ${op.path} ${leaf.join('.')}=${name} -> ${response.statusCode}`,
            );
        }
      }
    }
    expect(tally.serverErrors).toEqual([]);
  });

  it('never answers 5xx to a body key named after a member of Object.prototype', async () => {
    const targets = operations.filter((o) => !o.path.endsWith('/logout') && o.body);
    for (const op of targets) {
      const params = Object.fromEntries(
        op.parameters.map((p) => [p.name, sampleOf(p.schema, resolve, cast.attacker.own, p.name)]),
      );
      const body = sampleOf(op.body!, resolve, cast.attacker.own);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) continue;
      for (const key of PROTOTYPE_KEYS) {
        // A computed key is an own property, even `__proto__`, and JSON.stringify writes it.
        const response = await send(op, params, { ...body, [key]: 1 });
        if (response.statusCode >= 500)
          tally.serverErrors.push(`${op.method} ${op.path} key ${key} -> ${response.statusCode}`);
      }
    }
    expect(tally.serverErrors).toEqual([]);
  });

  it('the sign-in exchange answers a body key named after an object method as it answers the body without it', async () => {
    const exchange = (payload: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/v1/auth/session',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const plain = await exchange('{"id_token": "x"}');
    expect(plain.statusCode).toBeLessThan(500);
    for (const key of PROTOTYPE_KEYS) {
      const response = await exchange(`{"id_token": "x", ${JSON.stringify(key)}: 1}`);
      // The JSON parser refuses a `__proto__` key outright (400); every other is an ignored key.
      expect(response.statusCode, key).toBe(key === '__proto__' ? 400 : plain.statusCode);
    }
  });

  it('API-09 change-card answers a prototype name as it answers any unknown payment method', async () => {
    const changeCard = (pmId: string) =>
      s.app.inject({
        method: 'POST',
        url: `${API_ACCOUNT_BASE}${BILLING_PATHS.changeCard}`,
        headers: { authorization: `Bearer ${cast.attacker.token}`, 'idempotency-key': `change-card-${pmId}` },
        payload: { pm_id: pmId },
      });
    const unknown = await changeCard('pm_no_such_method');
    expect(unknown.statusCode).toBe(400);
    for (const name of PROTOTYPE_NAMES) {
      const response = await changeCard(name);
      expect(response.statusCode, name).toBe(unknown.statusCode);
      expect(response.json(), name).toEqual({ ...unknown.json(), message: expect.any(String) });
    }
  });

  it('a hold-music file named after a prototype member is no such track (404)', async () => {
    for (const name of ['constructor', 'tostring', 'valueof']) {
      const response = await s.app.inject({
        url: `${API_ACCOUNT_BASE}${USERS_PATHS.holdMusicAudio(name)}`,
        headers: { authorization: `Bearer ${cast.attacker.token}` },
      });
      expect(response.statusCode, name).toBe(404);
    }
  });
});
