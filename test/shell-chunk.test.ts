import { describe, expect, it } from 'vitest';
import { shellChunk } from '../apps/web/build/shell-chunk';

/** A module graph as the bundler reports it: each module's static imports. */
const GRAPH: Record<string, string[]> = {
  '/w/src/main.tsx': ['/w/src/app/early-boot.ts', '/c/src/index.ts'],
  '/w/src/app/early-boot.ts': ['/w/src/lib/token-storage.ts'],
  '/w/src/app/start.tsx': [
    '/w/src/lib/router.tsx',
    '/w/src/lib/token-storage.ts',
    '/w/node_modules/preact/dist/preact.mjs',
    '/c/src/index.ts',
  ],
  '/w/src/lib/router.tsx': ['/w/src/lib/paths.ts', '/w/node_modules/wouter/index.js'],
  '/c/src/index.ts': ['/c/src/format.ts'],
  // A screen, imported by start.tsx only dynamically.
  '/w/src/features/users/users-route.tsx': ['/w/src/lib/pagination.tsx'],
};

function built(graph: Record<string, string[]>) {
  const { plugin, group } = shellChunk();
  const context = {
    getModuleIds: () => Object.keys(graph).values(),
    getModuleInfo: (id: string) => ({ importedIds: graph[id] ?? [] }),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.buildEnd as (this: typeof context) => void).call(context);
  return group;
}

describe('the shell chunk: what app/start.tsx loads, in one file', () => {
  it("takes start.tsx's own modules at any depth, and leaves the entry's, start.tsx itself, libraries and screens", () => {
    const group = built(GRAPH);
    const taken = Object.keys(GRAPH)
      .concat(Object.values(GRAPH).flat())
      .filter((id, i, all) => all.indexOf(id) === i && group.test(id));
    expect(taken.sort()).toEqual(['/w/src/lib/paths.ts', '/w/src/lib/router.tsx']);
    // Its modules' imports stay where the bundler puts them: the contract's index re-exports every rule.
    expect(group.includeDependenciesRecursively).toBe(false);
  });

  it('stops the build when the entry or the app is not where it is looked for', () => {
    const { ['/w/src/app/start.tsx']: _, ...noApp } = GRAPH;
    expect(() => built(noApp)).toThrow('no src/app/start.tsx');
  });
});
