// SQL only in repositories (eslint.config.js, CONTRIBUTING.md): each probe runs or writes a statement
// outside a `*-repository.ts` file and db/ and must be refused; the same code inside them, and code
// that only looks like SQL (a request's query string, a sentence), must lint clean.
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function sqlErrors(path: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

const RUNS_QUERY = `import type { Transactional } from '../../db/handle';
export const probe = (q: Transactional) => q.query('select 1');
`;
const HOLDS_SQL = "export const PROBE_SQL = 'delete from people where id = $1';\n";
const HOLDS_SQL_TEMPLATE =
  'export const probe = (t: string) => `update people set full_name = ${t} where id = $1`;\n';

describe('SQL only in repositories', { timeout: 60_000 }, () => {
  const refused: [string, string, string][] = [
    ['a domain file runs a query', 'apps/api/src/domain/users/probe.ts', RUNS_QUERY],
    ['a route runs a query', 'apps/api/src/routes/probe.ts', RUNS_QUERY.replace('../../', '../')],
    ['a plugin holds a statement', 'apps/api/src/plugins/probe.ts', HOLDS_SQL],
    ['a cli holds a statement in a template', 'apps/api/src/cli/probe.ts', HOLDS_SQL_TEMPLATE],
  ];
  for (const [name, path, code] of refused)
    it(`refuses ${name}`, async () => {
      expect(await sqlErrors(path, code)).toBeGreaterThan(0);
    });

  it('lets a repository and db/ run and hold statements', async () => {
    for (const code of [RUNS_QUERY, HOLDS_SQL, HOLDS_SQL_TEMPLATE]) {
      expect(await sqlErrors('apps/api/src/domain/users/probe-repository.ts', code)).toBe(0);
      expect(await sqlErrors('apps/api/src/db/probe.ts', code.replace('../../db/', './'))).toBe(0);
    }
  });

  it("lets a route read the request's query string and write sentences", async () => {
    const code = `export const pin = (req: { query: { pin: string } }) => req.query.pin;
export const TEXT = 'Select a plan to update your subscription.';
`;
    expect(await sqlErrors('apps/api/src/routes/probe.ts', code)).toBe(0);
  });
});
