import type { ImportsOf } from './import-closure.ts';

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const CONTRACT_INDEX = new RegExp(`${CONTRACT_SOURCE.source}index\\.ts$`);
const CONTRACT = '@enq/contract';

/** What a build plugin's context offers that this reads (rolldown's `this` in buildEnd). */
export interface ModuleGraph {
  getModuleIds(): Iterable<string>;
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; exports?: readonly string[]; code?: string | null } | null;
  parse(code: string): { body: unknown[] };
}

type Identifier = { name?: string; value?: string };

interface ImportNode {
  type: string;
  source?: { value?: unknown } | null;
  specifiers?: { type: string; imported?: Identifier; local?: Identifier }[];
}

/**
 * A module's static imports, where an import of the contract's index counts as imports of the
 * contract modules that export the names taken. The index re-exports every rule
 * (`export * from './x'`), so in the bundler's graph whoever imports it imports the whole contract,
 * zod and date-fns with it, while the bundle keeps only what is used. A namespace import (`* as`)
 * takes everything, as the graph says.
 */
export function contractAwareImports(graph: ModuleGraph): ImportsOf {
  const ids = [...graph.getModuleIds()];
  const index = ids.find((id) => CONTRACT_INDEX.test(id));
  const exporter = index ? exportersBehind(graph, index) : new Map<string, string | null>();

  const read = (id: string): readonly string[] | undefined => {
    const info = graph.getModuleInfo(id);
    if (!info) return undefined;
    if (!index || !info.importedIds.includes(index) || !info.code) return info.importedIds;
    const taken = namesTaken(graph.parse(info.code).body as ImportNode[]);
    if (!taken) return info.importedIds;
    const named = taken.map((name) => exporter.get(name));
    // A name no contract module exports, or more than one: not what this reads the graph as; keep it whole.
    if (named.some((module) => !module)) return info.importedIds;
    return [...new Set([...info.importedIds.filter((i) => i !== index), ...(named as string[])])];
  };
  // The closures of the entry, the app and the overview overlap: each module is parsed once.
  const known = new Map<string, readonly string[] | undefined>();
  return (id) => {
    if (!known.has(id)) known.set(id, read(id));
    return known.get(id);
  };
}

/**
 * Each name the contract's index exports, with the module that declares it: the index and the
 * folders' own indexes re-export with `export *` (listed as "*" among a module's exports). A name two
 * modules declare maps to null.
 */
function exportersBehind(graph: ModuleGraph, index: string): Map<string, string | null> {
  const exporter = new Map<string, string | null>();
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !CONTRACT_SOURCE.test(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const name of info?.exports ?? []) {
      if (name === '*') continue;
      exporter.set(name, exporter.has(name) && exporter.get(name) !== id ? null : id);
    }
    if (info?.exports?.includes('*')) info.importedIds.forEach(visit);
  };
  visit(index);
  return exporter;
}

/** The names a module imports or re-exports from the contract; null for a namespace import. */
function namesTaken(body: ImportNode[]): string[] | null {
  const names: string[] = [];
  for (const node of body) {
    if (!/^(ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration)$/.test(node.type)) continue;
    if (node.source?.value !== CONTRACT) continue;
    if (node.type === 'ExportAllDeclaration') return null;
    for (const specifier of node.specifiers ?? []) {
      if (specifier.type === 'ImportNamespaceSpecifier') return null;
      // import x from …; import { imported as local } from …; export { local as exported } from …
      const taken = specifier.type === 'ExportSpecifier' ? specifier.local : specifier.imported;
      const name = specifier.type === 'ImportDefaultSpecifier' ? 'default' : (taken?.name ?? taken?.value);
      if (name) names.push(name);
    }
  }
  return names;
}
