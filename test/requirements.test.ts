import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/requirements.md defines every rule id the code and the tests name, so an id in a comment or a
// test title always leads somewhere. This keeps the document and the code from drifting apart.
const root = join(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|sql)$/;
const TEST_FILE = /(\.test\.tsx?$|\.e2e\.ts$|^apps\/api\/test\/|^packages\/contract\/test\/|^test\/)/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    // lint-probe*: scratch files the lint-zone tests write into the source tree and delete while this
    // file may be reading it (test/lint-zones.test.ts, apps/api/test/lint/api-zones.test.ts).
    if (SKIP.has(name) || name.startsWith('.') || name.startsWith('lint-probe')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(relative(root, path).split('\\').join('/'));
  }
  return out;
}

const files = ['apps', 'packages', 'bench', 'scripts', 'test']
  .flatMap((dir) => walk(join(root, dir)))
  .concat('eslint.config.js')
  .map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

const requirements = readFileSync(join(root, 'docs/requirements.md'), 'utf8');
const documented = [...requirements.matchAll(/^- \*\*([A-Z]+-\d{2})\*\*/gm)].map((m) => m[1]!);
const areas = new Set(documented.map((id) => id.split('-')[0]!));
/** Ids of a documented area wherever they appear (comments, test titles, texts). */
const idPattern = new RegExp(`\\b(?:${[...areas].join('|')})-\\d{2}\\b`, 'g');
/** An id opening a test title, whatever its area: a title naming an undocumented area is caught too. */
const titlePattern = /\b(?:it|test|describe)(?:\.\w+)*\(\s*['"`]([A-Z]+-\d{2})\b/g;

describe('docs/requirements.md', () => {
  it('defines each rule id once', () => {
    expect(documented.length).toBeGreaterThan(300);
    expect(documented.filter((id, i) => documented.indexOf(id) !== i)).toEqual([]);
  });

  it('has a line for every rule id a comment or a test names', () => {
    const known = new Set(documented);
    const missing = new Set<string>();
    for (const { path, text } of files) {
      for (const [id] of text.matchAll(idPattern)) if (!known.has(id)) missing.add(`${id} (${path})`);
      if (TEST_FILE.test(path))
        for (const [, id] of text.matchAll(titlePattern)) if (!known.has(id!)) missing.add(`${id} (${path})`);
    }
    expect([...missing]).toEqual([]);
  });

  it('lists only rules some test names', () => {
    const tests = files
      .filter((f) => TEST_FILE.test(f.path) && f.path !== 'test/requirements.test.ts')
      .map((f) => f.text)
      .join('\n');
    expect(documented.filter((id) => !new RegExp(`\\b${id}\\b`).test(tests))).toEqual([]);
  });
});
