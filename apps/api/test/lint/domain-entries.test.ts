// One way in to each domain folder (apps/api/eslint-domain-rules.js, CONTRIBUTING.md): each probe breaks
// one rule and must be refused by it; the neighbouring import that keeps to the rules must lint clean of
// them, so a rule that refuses everything fails too.
import { ESLint } from 'eslint';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` as if it were the file at `path` (relative to the repo). */
async function ruleIds(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}
const importing = (target: string) => `import * as probe from '${target}';\nexport const used = probe;\n`;
const ours = (ids: string[]) => ids.filter((id) => id.startsWith('api/'));

describe('one way in to each domain', { timeout: 60_000 }, () => {
  const refused: [string, string, string, string][] = [
    [
      'a route imports a repository',
      'apps/api/src/routes/probe.ts',
      importing('../domain/users/users-repository'),
      'api/domain-entries',
    ],
    [
      "a route imports a domain file that is not the folder's entry",
      'apps/api/src/routes/api/probe.ts',
      importing('../../domain/users/users-service'),
      'api/domain-entries',
    ],
    [
      "a domain folder imports another folder's file",
      'apps/api/src/domain/users/probe.ts',
      importing('../invoices/invoices-view'),
      'api/domain-entries',
    ],
    [
      "a domain folder imports another folder's repository",
      'apps/api/src/domain/users/probe.ts',
      importing('../hold-music/hold-music-repository'),
      'api/domain-entries',
    ],
    [
      'a repository imports a domain module of its folder',
      'apps/api/src/domain/users/probe-repository.ts',
      importing('./users-service'),
      'api/repository-rows',
    ],
    [
      "a repository imports another folder's entry",
      'apps/api/src/domain/users/probe-repository.ts',
      importing('../hold-music'),
      'api/repository-rows',
    ],
    [
      'a repository builds an answer with the contract (a mask)',
      'apps/api/src/domain/users/probe-repository.ts',
      "import { maskPin } from '@enq/contract';\nexport const masked = (pin: string) => maskPin(pin);\n",
      'api/repository-rows',
    ],
    [
      'a repository takes a text from the contract',
      'apps/api/src/domain/users/probe-repository.ts',
      "import { USERS_ERRORS, type User } from '@enq/contract';\nexport const probe = (u: User) => [u, USERS_ERRORS];\n",
      'api/repository-rows',
    ],
  ];
  for (const [name, path, code, rule] of refused)
    it(`refuses a file where ${name}`, async () => {
      expect(await ruleIds(path, code)).toContain(rule);
    });

  it("lets routes and other folders import a folder's entry, and a folder its own files", async () => {
    expect(ours(await ruleIds('apps/api/src/routes/probe.ts', importing('../domain/users')))).toEqual([]);
    expect(ours(await ruleIds('apps/api/src/routes/probe.ts', importing('../domain/errors')))).toEqual([]);
    expect(ours(await ruleIds('apps/api/src/routes/probe.ts', importing('../domain/ports/clock')))).toEqual(
      [],
    );
    expect(ours(await ruleIds('apps/api/src/domain/users/probe.ts', importing('../hold-music')))).toEqual([]);
    expect(
      ours(await ruleIds('apps/api/src/domain/users/probe.ts', importing('./users-repository'))),
    ).toEqual([]);
  });

  it('lets a repository import the database, repositories, errors and contract types', async () => {
    const path = 'apps/api/src/domain/users/probe-repository.ts';
    for (const target of [
      '../../db/handle',
      './users-repository',
      '../hold-music/hold-music-repository',
      '../errors',
    ])
      expect(ours(await ruleIds(path, importing(target)))).toEqual([]);
    const types = "import type { User } from '@enq/contract';\nexport type Row = User;\n";
    const typeSpecifiers = "import { type User } from '@enq/contract';\nexport type Row = User;\n";
    expect(ours(await ruleIds(path, types))).toEqual([]);
    expect(ours(await ruleIds(path, typeSpecifiers))).toEqual([]);
  });

  it('holds every repository in the domain to the rows rule (none is let off)', async () => {
    const repositories = readdirSync(join(root, 'apps/api/src/domain'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('-repository.ts'))
      .map((file) => `apps/api/src/domain/${file.split('\\').join('/')}`);
    expect(repositories.length).toBeGreaterThan(40);
    const letOff: string[] = [];
    for (const path of repositories) {
      const config = await eslint.calculateConfigForFile(join(root, path));
      const [severity] = [config.rules?.['api/repository-rows']].flat();
      if (severity !== 2 && severity !== 'error') letOff.push(path);
    }
    expect(letOff).toEqual([]);
  });

  // Folders that import each other with no file cycle (each through the other's entry, which re-exports
  // a third file): import-x/no-cycle cannot see it; the folder rule must. The files must be on disk.
  const a = join(root, 'apps/api/src/domain/lint-probe-loop-a');
  const b = join(root, 'apps/api/src/domain/lint-probe-loop-b');
  afterAll(() => {
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  });
  it('refuses domain folders that import each other in a loop', async () => {
    mkdirSync(a, { recursive: true });
    mkdirSync(b, { recursive: true });
    writeFileSync(join(a, 'index.ts'), "export { w } from './w';\n");
    writeFileSync(join(a, 'w.ts'), 'export const w = 1;\n');
    writeFileSync(join(a, 'x.ts'), "import { y } from '../lint-probe-loop-b';\nexport const x = () => y;\n");
    writeFileSync(join(b, 'index.ts'), "export { y } from './y';\n");
    writeFileSync(join(b, 'y.ts'), 'export const y = 2;\n');
    const z = "import { w } from '../lint-probe-loop-a';\nexport const z = () => w;\n";
    writeFileSync(join(b, 'z.ts'), z);
    const ids = await ruleIds('apps/api/src/domain/lint-probe-loop-b/z.ts', z);
    expect(ids).toContain('api/domain-loops');
    expect(ids).not.toContain('import-x/no-cycle');
    // The same import with no way back is clean.
    rmSync(join(a, 'x.ts'));
    expect(ours(await ruleIds('apps/api/src/domain/lint-probe-loop-b/z.ts', z))).toEqual([]);
  });
});
