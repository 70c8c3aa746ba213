import { fileURLToPath } from 'node:url';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';
import type { Plugin } from 'vite';

/** The libraries every page loads, by package name: one file, `libs`. */
export const FIRST_LOAD_LIBRARIES = new Set([
  'react',
  'react-dom',
  'scheduler',
  'wouter',
  'regexparam',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'lucide-react',
  'clsx',
  'react-toastify',
]);

/**
 * The feature whose screen the portal opens on, at `/`. The build cannot read the screens' table
 * (src/lib/portal-routes.ts, which imports React components); test/screens-table.test.ts holds the two
 * to the same screen.
 */
export const START_FEATURE = 'overview';

/** The npm package a module id belongs to ('' for the app's own modules and the contract). */
export function packageOf(id: string): string {
  const parts = id.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return '';
  const [scope, name] = parts.at(-1)!.split(/[\\/]/);
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

const source = fileURLToPath(new URL('../src/', import.meta.url));

/**
 * The `shell` chunk: our own modules that the entry and the start screen's code import, found by
 * walking the module graph from those two. Left to the bundler's own splitting, they were 17 files of
 * 0.1 to 3 KB, more than a browser asks of one server at once over HTTP/1.1 (6), so the overview waited
 * for a second and a third round of requests (docs/performance.md, 2026-12-07). The walk stops at a
 * module that imports a library outside FIRST_LOAD_LIBRARIES (zod, the date library): the screens that
 * need those bring them.
 */
export function shellChunk(): CodeSplittingGroup {
  const roots = [`${source}main.tsx`, `${source}features/${START_FEATURE}/${START_FEATURE}-route.tsx`];
  let shell: Set<string> | null = null;
  const walk = (ctx: ChunkingContext) => {
    const found = new Set<string>();
    const todo = [...roots];
    while (todo.length > 0) {
      const id = todo.pop()!;
      if (found.has(id) || packageOf(id) !== '') continue;
      const imports = ctx.getModuleInfo(id)?.importedIds ?? [];
      const lateLibrary = imports.some((m) => packageOf(m) !== '' && !FIRST_LOAD_LIBRARIES.has(packageOf(m)));
      if (lateLibrary) continue;
      found.add(id);
      todo.push(...imports);
    }
    if (!roots.every((root) => found.has(root)))
      throw new Error(`the shell's roots are not in the build: ${roots}`);
    return found;
  };
  return {
    name: (id, ctx) => ((shell ??= walk(ctx)).has(id) ? 'shell' : null),
    debugName: 'shell',
    // Only what the walk found: a captured module's other imports stay with the screens that need them.
    includeDependenciesRecursively: false,
  };
}

/**
 * Fails the build when chunks import each other in a loop. The shell takes only the modules the walk
 * found, not their other imports (includeDependenciesRecursively: false), so a module left out can land
 * in a chunk that imports the shell back; in such a loop one chunk's code runs before the other's, which
 * it may need already (rolldown's docs on the option). react-toastify outside the first-load libraries
 * did that to the entry.
 */
export function noChunkLoops(): Plugin {
  return {
    name: 'enq-no-chunk-loops',
    apply: 'build',
    generateBundle(_, bundle) {
      const imports = new Map<string, string[]>();
      for (const file of Object.values(bundle))
        if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      const done = new Set<string>();
      const visit = (name: string, path: string[]) => {
        if (path.includes(name))
          this.error(`chunks import each other in a loop: ${[...path, name].join(' -> ')}`);
        if (done.has(name)) return;
        for (const next of imports.get(name) ?? []) visit(next, [...path, name]);
        done.add(name);
      };
      for (const name of imports.keys()) visit(name, []);
    },
  };
}
