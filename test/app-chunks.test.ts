import { describe, expect, it } from 'vitest';
import { appChunks } from '../apps/web/build/app-chunks';

/**
 * A module graph as the bundler reports it: each module's static imports, its exports and its code
 * (what the contract-aware reading parses). The contract's index re-exports both of its modules.
 */
const GRAPH: Record<string, { imports: string[]; exports?: string[]; code?: string }> = {
  '/w/src/main.tsx': { imports: ['/w/src/app/early-boot.ts'] },
  '/w/src/app/early-boot.ts': {
    imports: ['/w/src/lib/token-storage.ts', '/r/packages/contract/src/index.ts'],
    code: 'import { EARLY } from "@enq/contract";',
  },
  '/w/src/app/start.tsx': {
    imports: [
      '/w/src/lib/router.tsx',
      '/w/src/lib/token-storage.ts',
      '/w/node_modules/preact/dist/preact.mjs',
      // The boot asks the overview's first answer (app/screen-data.ts).
      '/w/src/features/overview/api/get-overview.ts',
    ],
  },
  '/w/src/features/overview/api/get-overview.ts': { imports: [] },
  '/w/src/lib/router.tsx': { imports: ['/w/src/lib/paths.ts', '/w/node_modules/wouter/index.js'] },
  '/w/src/lib/paths.ts': { imports: [] },
  '/w/src/lib/token-storage.ts': { imports: [] },
  '/r/packages/contract/src/index.ts': {
    imports: ['/r/packages/contract/src/early.ts', '/r/packages/contract/src/format.ts'],
    exports: ['*', '*'],
  },
  '/r/packages/contract/src/early.ts': { imports: [], exports: ['EARLY'] },
  '/r/packages/contract/src/format.ts': { imports: [], exports: ['formatCredits'] },
  // The overview, imported by start.tsx only dynamically: its own folder, and what it shares.
  '/w/src/features/overview/overview-route.tsx': {
    imports: [
      '/w/src/features/overview/overview-page.tsx',
      '/w/src/components/ui/info-banner.tsx',
      '/r/packages/contract/src/index.ts',
    ],
    code: 'import { formatCredits } from "@enq/contract";',
  },
  '/w/src/features/overview/overview-page.tsx': { imports: ['/w/src/lib/router.tsx'] },
  '/w/src/components/ui/info-banner.tsx': { imports: ['/w/node_modules/lucide-react/x.js'] },
  // Another screen: what it alone needs stays with it.
  '/w/src/features/users/users-route.tsx': {
    imports: ['/w/src/lib/pagination.tsx', '/w/src/components/ui/info-banner.tsx'],
  },
};

const ESTREE: Record<string, unknown> = {
  'import { EARLY } from "@enq/contract";': [named('EARLY')],
  'import { formatCredits } from "@enq/contract";': [named('formatCredits')],
};

function named(name: string) {
  return {
    type: 'ImportDeclaration',
    source: { value: '@enq/contract' },
    specifiers: [{ type: 'ImportSpecifier', imported: { name } }],
  };
}

function built(graph: typeof GRAPH) {
  const { plugin, groups } = appChunks();
  const context = {
    getModuleIds: () => Object.keys(graph).values(),
    getModuleInfo: (id: string) =>
      graph[id]
        ? { importedIds: graph[id].imports, exports: graph[id].exports ?? [], code: graph[id].code ?? '' }
        : null,
    parse: (code: string) => ({ body: ESTREE[code] ?? [] }),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.buildEnd as (this: typeof context) => void).call(context);
  const taken = (name: string) => {
    const group = groups.find((g) => g.name === name)!;
    const ids = new Set([...Object.keys(graph), ...Object.values(graph).flatMap((m) => m.imports)]);
    return [...ids].filter((id) => group.test(id)).sort();
  };
  return { groups, taken };
}

describe("the app's chunk groups: fewer files for a first load", () => {
  it("shell takes start.tsx's own modules at any depth and what the overview shares, the contract modules it names among them, and leaves the entry's, start.tsx itself, the overview's own folder, libraries and what only other screens need", () => {
    // early.ts is the entry's (it names EARLY); format.ts only the overview names.
    // The overview's own folder stays with its screen, but for what start.tsx imports from it.
    expect(built(GRAPH).taken('shell')).toEqual([
      '/r/packages/contract/src/format.ts',
      '/w/src/components/ui/info-banner.tsx',
      '/w/src/features/overview/api/get-overview.ts',
      '/w/src/lib/paths.ts',
      '/w/src/lib/router.tsx',
    ]);
  });

  it("is the one group of the app's modules, and takes none of their imports along: the bundler keeps only what is used", () => {
    expect(built(GRAPH).groups.map((g) => [g.name, g.includeDependenciesRecursively])).toEqual([
      ['shell', false],
    ]);
  });

  it('stops the build when the entry, the app or the overview is not where it is looked for', () => {
    const { ['/w/src/app/start.tsx']: _, ...noApp } = GRAPH;
    expect(() => built(noApp)).toThrow(
      'no src/main.tsx, src/app/start.tsx or features/overview/overview-route.tsx',
    );
    const { ['/w/src/features/overview/overview-route.tsx']: __, ...noOverview } = GRAPH;
    expect(() => built(noOverview)).toThrow('features/overview/overview-route.tsx');
  });
});
