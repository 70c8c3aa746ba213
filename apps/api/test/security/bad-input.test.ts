import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castOf, snapshot, snapshotQuery, type Cast } from './suite/accounts';
import { accountOperations, requestFor, sampleOf, type JsonSchema, type Operation } from './suite/operations';
import { leaves, replaced } from './suite/sample-paths';
import { newTally, RUNS, SEED, suiteApp, summaryLine, type SuiteApp } from './suite/setup';

const nested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** What an attacker or a broken client sends instead of a value. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\u001b[31m',
    'two\nlines',
    '\u202Eevil',
    '',
    ' ',
    "'; drop table people; --",
  ),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constantFrom('x'.repeat(100_000), '9'.repeat(400)),
  fc.constantFrom(
    '9999-12-31T23:59:59Z',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00Z',
    '0000-00-00',
  ),
  fc.constantFrom(8.64e15, -1, 0, 0.5, 1e21, Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 53)),
  fc.integer(),
  fc.boolean(),
  fc.constantFrom(null, [], {}, [[]], { __proto__: null, constructor: 'x' }),
  // Deeper values are sent as raw JSON below: JSON.stringify itself overflows on them.
  fc.constantFrom(nested(500), nested(40)),
);

/*
 * Generated bad input at every account operation, sent by a signed-in account member: never a 5xx, and
 * when the answer is a 4xx, none of the account's rows changed.
 */
describe('bad input at every account operation', () => {
  let s: SuiteApp;
  let cast: Cast;
  let operations: Operation[];
  let resolve: (schema: JsonSchema) => JsonSchema;
  let sql: string;
  const tally = newTally();
  beforeAll(async () => {
    s = await suiteApp();
    cast = await castOf(s.database);
    ({ operations, resolve } = await accountOperations(s.app));
    sql = await snapshotQuery(s.database);
  });
  afterAll(async () => {
    console.log(summaryLine('bad input', tally));
    await s?.close();
  });

  function inputFor(op: Operation) {
    const params = Object.fromEntries(
      op.parameters.map((p) => [p.name, sampleOf(p.schema, resolve, cast.attacker.own, p.name)]),
    );
    const body = op.body ? sampleOf(op.body, resolve, cast.attacker.own) : undefined;
    const paramNames = op.parameters.map((p) => p.name);
    const bodyLeaves = body === undefined ? [] : leaves(body);
    return fc.record({
      params: fc
        .array(fc.tuple(fc.nat(), badValue), { maxLength: Math.min(paramNames.length, 3) })
        .map((changes) => {
          const out: Record<string, unknown> = { ...params };
          for (const [i, v] of changes) out[paramNames[i % paramNames.length]!] = v;
          return out;
        }),
      body: fc
        .oneof(
          { weight: 4, arbitrary: fc.array(fc.tuple(fc.nat(), badValue), { minLength: 1, maxLength: 3 }) },
          { weight: 1, arbitrary: badValue.map((v) => [[-1, v]] as [number, unknown][]) },
        )
        .map((changes) => {
          if (body === undefined) return undefined;
          let out: unknown = body;
          for (const [i, v] of changes)
            out = i < 0 ? v : replaced(out, bodyLeaves[i % bodyLeaves.length]!, v);
          return out;
        }),
    });
  }

  it('never answers 5xx, and a 4xx changes nothing', async () => {
    // Log Out would end the token every other request uses.
    const targets = operations.filter((o) => !o.path.endsWith('/logout'));
    tally.operations = targets.length;
    const changedOn4xx: string[] = [];
    for (const op of targets) {
      await fc.assert(
        fc.asyncProperty(inputFor(op), async (values) => {
          const before = await snapshot(s.database, sql, cast.attacker.accountId);
          const response = await s.app.inject(
            requestFor(op, values, {
              authorization: `Bearer ${cast.attacker.token}`,
              'idempotency-key': `bad-input-${tally.requests}-key`,
            }),
          );
          tally.requests++;
          const label = `${op.method} ${op.path} -> ${response.statusCode} ${response.body.slice(0, 120)}`;
          if (response.statusCode >= 500) tally.serverErrors.push(label);
          if (response.statusCode >= 400 && response.statusCode < 500) {
            if ((await snapshot(s.database, sql, cast.attacker.accountId)) !== before)
              changedOn4xx.push(label);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect(tally.serverErrors).toEqual([]);
    expect(changedOn4xx).toEqual([]);
  });

  it('answers a body nested 100,000 deep with a 4xx at every operation that takes one', async () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.body !== null)) {
      const request = requestFor(
        op,
        { params: {}, body: undefined },
        { authorization: `Bearer ${cast.attacker.token}` },
      );
      const response = await s.app.inject({ ...request, payload: deep });
      tally.requests++;
      if (response.statusCode < 400 || response.statusCode >= 500)
        wrong.push(`${op.method} ${op.path} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
