// The API's layers as ESLint enforces them (eslint.config.js): each probe breaks one zone and must be
// refused with the rule's error; a probe that keeps to the layers must lint clean.
import { ESLint } from 'eslint';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
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

describe('API lint zones', () => {
  const probes: [string, string, string][] = [
    ['domain imports routes', 'apps/api/src/domain/users/probe.ts', '../../routes/health'],
    ['domain imports plugins', 'apps/api/src/domain/users/probe.ts', '../../plugins/errors'],
    ['domain imports the seed', 'apps/api/src/domain/users/probe.ts', '../../db/seed/demo-account'],
    ['db imports domain', 'apps/api/src/db/probe.ts', '../domain/errors'],
    ['db imports routes', 'apps/api/src/db/probe.ts', '../routes/health'],
    ['routes import db', 'apps/api/src/routes/probe.ts', '../db/handle'],
    ['domain imports config', 'apps/api/src/domain/users/probe.ts', '../../config'],
    ['domain imports cli', 'apps/api/src/domain/users/probe.ts', '../../cli/token'],
    ['plugins import routes', 'apps/api/src/plugins/probe.ts', '../routes/health'],
    ['a nested plugin imports routes', 'apps/api/src/plugins/idp/probe.ts', '../../routes/idp/pages'],
  ];
  for (const [name, path, target] of probes)
    it(`refuses a file where ${name}`, async () => {
      const code = `import * as probe from '${target}';\nexport const used = probe;\n`;
      expect(await ruleIds(path, code)).toContain('import-x/no-restricted-paths');
    });

  it('lets routes import domain and plugins, domain import db, and plugins import both', async () => {
    const code = (target: string) => `import * as probe from '${target}';\nexport const used = probe;\n`;
    expect(await ruleIds('apps/api/src/routes/probe.ts', code('../domain/errors'))).toEqual([]);
    expect(await ruleIds('apps/api/src/domain/users/probe.ts', code('../../db/handle'))).toEqual([]);
    expect(await ruleIds('apps/api/src/plugins/probe.ts', code('../domain/errors'))).toEqual([]);
    expect(await ruleIds('apps/api/src/plugins/probe.ts', code('../db/handle'))).toEqual([]);
    expect(await ruleIds('apps/api/src/routes/probe.ts', code('../plugins/idp/auth-page'))).toEqual([]);
    expect(await ruleIds('apps/api/src/plugins/probe.ts', code('../config'))).toEqual([]);
  });

  // A cycle needs both files on disk: the rule follows the imported file's own imports.
  const cycleDir = join(root, 'apps/api/src/domain/lint-probe-cycle');
  afterAll(() => rmSync(cycleDir, { recursive: true, force: true }));
  it('refuses an import cycle', async () => {
    mkdirSync(cycleDir, { recursive: true });
    writeFileSync(join(cycleDir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(cycleDir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const code = "import { b } from './b';\nexport const a = () => b;\n";
    expect(await ruleIds('apps/api/src/domain/lint-probe-cycle/a.ts', code)).toContain('import-x/no-cycle');
  });
});
