import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { START_FEATURE } from '../apps/web/build/chunks';

const root = join(import.meta.dirname, '..');
const web = join(root, 'apps/web');
const TABLE = 'apps/web/src/lib/portal-routes.ts';

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

const tableText = readFileSync(join(root, TABLE), 'utf8');
const paths = [...tableText.matchAll(/^ {4}path: '([^']+)',$/gm)].map((m) => m[1]!);
const features = [...tableText.matchAll(/^ {4}feature: '([^']+)',$/gm)].map((m) => m[1]!);

describe('the screens table (apps/web/src/lib/portal-routes.ts) is the one list of the portal screens', () => {
  it('lists the twelve screens, each with its feature folder and its route module', () => {
    expect(paths).toHaveLength(12);
    expect(features).toHaveLength(12);
    for (const feature of features)
      expect(statSync(join(web, `src/features/${feature}/${feature}-route.tsx`)).isFile(), feature).toBe(
        true,
      );
    // Every screen module the router could load is in the table.
    const routeModules = readdirSync(join(web, 'src/features')).filter((folder) => {
      try {
        return statSync(join(web, `src/features/${folder}/${folder}-route.tsx`)).isFile();
      } catch {
        return false;
      }
    });
    expect(routeModules.sort()).toEqual([...features].sort());
  });

  it("the build's start screen, whose code joins the first load's `shell` chunk, is the table's screen at /", () => {
    expect(features[paths.indexOf('/')]).toBe(START_FEATURE);
  });

  it('no other module of the page or its build keys anything by a screen path', () => {
    // An object or a map entry keyed by a screen's path ('/call-history': …, ['/users', …]) outside
    // the table is a second list a new screen would have to be added to by hand. A screen named as a
    // value (<PageHeader path="/users" />, navigate('/')) is not.
    const alternatives = paths.map((p) => p.replace(/[/-]/g, '\\$&')).join('|');
    const key = new RegExp(`(?<!\\?)(^|[{,(\\s])['"\`](${alternatives})['"\`]\\??\\s*:(?!:)`);
    const entry = new RegExp(`\\[\\s*['"\`](${alternatives})['"\`]\\s*,`);
    const offenders: string[] = [];
    for (const dir of ['src', 'build']) {
      for (const file of sources(join(web, dir))) {
        const rel = relative(root, file);
        if (rel === TABLE) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (key.test(line) || entry.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
