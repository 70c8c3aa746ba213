import { ESLint } from 'eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run lint` must refuse a file that breaks an import zone of eslint.config.js. Each probe is
// linted as if it sat at `file`, with the repository's own config, and must raise `rule` with a
// message containing `message`. Every zone has a probe that breaks it and, where a neighbouring import
// is allowed, one that must stay clean, so a rule that refuses everything fails too.
const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
// The first lint loads every plugin and parser: seconds on a busy machine.
const LINT_TIMEOUT_MS = 60_000;

interface Probe {
  name: string;
  file: string;
  source: string;
  /** The rule and message expected; null: the probe must lint clean of import rules. */
  error: { rule: string; message: string } | null;
}

const crossing = (from: string, to: string) => ({
  rule: 'enq/boundaries',
  message: `${from} may not import from ${to}.`,
});

const toastLibraryOnly = 'Import from lib/toast (toasts) or lib/toast-library (the container).';

const webProbes: Probe[] = [
  {
    name: 'components/ never imports a feature',
    file: 'apps/web/src/components/ui/lint-probe.tsx',
    source: "export { UsersPage } from '../../features/users/users-page';\n",
    error: crossing('web/components', 'web/features/users'),
  },
  {
    name: 'components/ never imports app/',
    file: 'apps/web/src/components/ui/lint-probe.tsx',
    source: "export { router } from '../../app/router';\n",
    error: crossing('web/components', 'web/app'),
  },
  {
    name: 'lib/ never imports a feature',
    file: 'apps/web/src/lib/lint-probe.ts',
    source: "export { useBilling } from '../features/billing/api/get-billing';\n",
    error: crossing('web/lib', 'web/features/billing'),
  },
  {
    name: 'lib/ never imports app/ (dynamic import too)',
    file: 'apps/web/src/lib/lint-probe.ts',
    source: "export const load = () => import('../app/router');\n",
    error: crossing('web/lib', 'web/app'),
  },
  {
    name: 'a feature never imports app/',
    file: 'apps/web/src/features/profile/lint-probe.ts',
    source: "export { AccountLayout } from '../../app/account-layout';\n",
    error: crossing('web/features/profile', 'web/app'),
  },
  {
    name: 'a feature never imports another feature',
    file: 'apps/web/src/features/profile/lint-probe.ts',
    source: "export { UsersPage } from '../users/users-page';\n",
    error: crossing('web/features/profile', 'web/features/users'),
  },
  {
    name: 'a feature may import lib/ and components/',
    file: 'apps/web/src/features/profile/lint-probe.ts',
    source:
      "export { useLogout } from '../../lib/use-logout';\nexport * from '../../components/ui/button';\n",
    error: null,
  },
  {
    name: 'app/ may import features, lib/ and components/',
    file: 'apps/web/src/app/lint-probe.ts',
    source: "export { UsersPage } from '../features/users/users-page';\nexport * from '../lib/use-logout';\n",
    error: null,
  },
  {
    name: "react-toastify's main entry (it writes its unscoped sheet) only through lib/toast-library",
    file: 'apps/web/src/features/profile/lint-probe.ts',
    source: "export { toast } from 'react-toastify';\n",
    error: { rule: 'no-restricted-imports', message: toastLibraryOnly },
  },
  {
    name: "react-toastify's own stylesheet only through lib/toast-library",
    file: 'apps/web/src/lib/lint-probe.ts',
    source: "import 'react-toastify/dist/ReactToastify.css';\n",
    error: { rule: 'no-restricted-imports', message: toastLibraryOnly },
  },
  {
    name: "react-toastify's types may be imported anywhere",
    file: 'apps/web/src/app/lint-probe.ts',
    source: "export type { ToastContainerProps } from 'react-toastify';\n",
    error: null,
  },
  {
    name: 'lib/toast-library loads the unstyled build',
    file: 'apps/web/src/lib/toast-library.ts',
    source: "export { toast, ToastContainer } from 'react-toastify/unstyled';\n",
    error: null,
  },
];

async function lintProbe(probe: Probe) {
  const [result] = await eslint.lintText(probe.source, { filePath: join(root, probe.file) });
  return (result?.messages ?? []).filter(
    (m) =>
      m.ruleId?.startsWith('enq/') ||
      m.ruleId?.startsWith('import-x/') ||
      m.ruleId === 'no-restricted-imports',
  );
}

describe('web import zones (eslint.config.js)', { timeout: LINT_TIMEOUT_MS }, () => {
  it.each(webProbes.map((p) => [p.name, p] as const))('%s', async (_name, probe) => {
    const messages = await lintProbe(probe);
    if (probe.error === null) expect(messages).toEqual([]);
    else
      expect(messages).toEqual([
        expect.objectContaining({
          ruleId: probe.error.rule,
          message: expect.stringContaining(probe.error.message),
        }),
      ]);
  });
});

describe('no import cycles in the page (eslint.config.js)', { timeout: LINT_TIMEOUT_MS }, () => {
  // A cycle needs two files on disk for the resolver to follow; they live in a throwaway folder.
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(root, 'apps/web/src/lib/lint-probe-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('two modules importing each other are refused', async () => {
    writeFileSync(
      join(dir, 'first.ts'),
      "import { second } from './second';\nexport const first = () => second();\n",
    );
    writeFileSync(
      join(dir, 'second.ts'),
      "import { first } from './first';\nexport const second = () => first;\n",
    );
    const [result] = await eslint.lintFiles([relative(root, join(dir, 'first.ts'))]);
    expect(result?.messages).toEqual([expect.objectContaining({ ruleId: 'import-x/no-cycle' })]);
  });

  it('a one-way import is not a cycle', async () => {
    writeFileSync(join(dir, 'leaf.ts'), 'export const leaf = 1;\n');
    writeFileSync(join(dir, 'user.ts'), "import { leaf } from './leaf';\nexport const user = leaf + 1;\n");
    const [result] = await eslint.lintFiles([relative(root, join(dir, 'user.ts'))]);
    expect(result?.messages).toEqual([]);
  });
});
