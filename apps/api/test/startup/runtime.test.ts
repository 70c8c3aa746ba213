import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies.node as string;

describe('the Node.js the npm scripts run on', () => {
  it('is the one package.json pins and .nvmrc names, whichever Node ran npm', () => {
    expect(readFileSync(join(root, '.nvmrc'), 'utf8').trim()).toBe(pinned);
    // This file runs under `npm test` (or npx vitest): the pinned binary comes first on the path.
    expect(process.version).toBe(`v${pinned}`);
    expect(execFileSync('npm', ['exec', '-c', 'node -v'], { cwd: root, encoding: 'utf8' }).trim()).toBe(
      `v${pinned}`,
    );
  });

  it('is one the identity provider supports: loading it prints no "Unsupported runtime"', () => {
    const loaded = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', "await import('oidc-provider')"],
      {
        cwd: join(root, 'apps/api'),
        encoding: 'utf8',
      },
    );
    expect(loaded.status).toBe(0);
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout).toBe('');
  });
});
