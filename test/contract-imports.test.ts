import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { contractAwareImports } from '../apps/web/build/contract-imports';

const C = '/r/packages/contract/src';

/**
 * The contract as the bundler reports it: the index and a folder's index re-export with `export *`
 * ("*" among their exports), and `dupe` is declared twice.
 */
const CONTRACT: Record<string, { imports: string[]; exports: string[] }> = {
  [`${C}/index.ts`]: {
    imports: [`${C}/pin.ts`, `${C}/format.ts`, `${C}/admin/index.ts`],
    exports: ['*', '*', '*'],
  },
  [`${C}/pin.ts`]: { imports: [], exports: ['maskPin', 'PIN_LENGTH', 'dupe'] },
  [`${C}/format.ts`]: { imports: [`${C}/pin.ts`], exports: ['formatCredits', 'dupe'] },
  [`${C}/admin/index.ts`]: { imports: [`${C}/admin/view-as.ts`], exports: ['*'] },
  [`${C}/admin/view-as.ts`]: { imports: ['/w/node_modules/zod/index.js'], exports: ['VIEW_AS_KEY'] },
};

/** What `/w/src/app.tsx` imports, read with its code. */
function importsOf(code: string) {
  const graph = {
    ...CONTRACT,
    '/w/src/app.tsx': { imports: ['/w/src/lib/x.ts', `${C}/index.ts`], exports: [] },
  } as Record<string, { imports: string[]; exports: string[] }>;
  return contractAwareImports({
    getModuleIds: () => Object.keys(graph),
    getModuleInfo: (id) =>
      graph[id] ? { importedIds: graph[id].imports, exports: graph[id].exports, code } : null,
    parse: (source) => parseAst(source),
  })('/w/src/app.tsx');
}

describe("contractAwareImports: what a module takes from the contract's index, by name", () => {
  it('counts each name as an import of the module that declares it, through a folder index too', () => {
    expect(importsOf('import { maskPin, VIEW_AS_KEY as key } from "@enq/contract"; key; maskPin;')).toEqual([
      '/w/src/lib/x.ts',
      `${C}/pin.ts`,
      `${C}/admin/view-as.ts`,
    ]);
    expect(importsOf('export { formatCredits } from "@enq/contract";')).toEqual([
      '/w/src/lib/x.ts',
      `${C}/format.ts`,
    ]);
  });

  it('parses a module once however many closures ask for it', () => {
    let parsed = 0;
    const graph: Record<string, { imports: string[]; exports: string[] }> = {
      ...CONTRACT,
      '/w/src/app.tsx': { imports: [`${C}/index.ts`], exports: [] },
    };
    const importsOf = contractAwareImports({
      getModuleIds: () => Object.keys(graph),
      getModuleInfo: (id) =>
        graph[id]
          ? {
              importedIds: graph[id].imports,
              exports: graph[id].exports,
              code: 'import { maskPin } from "@enq/contract";',
            }
          : null,
      parse: (source) => {
        parsed++;
        return parseAst(source);
      },
    });
    const first = importsOf('/w/src/app.tsx');
    expect(importsOf('/w/src/app.tsx')).toEqual(first);
    expect(first).toEqual([`${C}/pin.ts`]);
    expect(parsed).toBe(1);
  });

  it('keeps the index, and so the whole contract, for a namespace import, a star re-export, a name declared twice or unknown', () => {
    const whole = ['/w/src/lib/x.ts', `${C}/index.ts`];
    expect(importsOf('import * as contract from "@enq/contract"; contract;')).toEqual(whole);
    expect(importsOf('export * from "@enq/contract";')).toEqual(whole);
    expect(importsOf('import { dupe } from "@enq/contract"; dupe;')).toEqual(whole);
    expect(importsOf('import { nowhere } from "@enq/contract"; nowhere;')).toEqual(whole);
  });
});
