// Relative: Vite loads its config with Node, which does not run the contract package's TypeScript.
import { SCREEN_PRELOADS_FILE, type ScreenPreloads } from '../../../packages/contract/src/paths.ts';
import type { Plugin, Rollup } from 'vite';
import { PORTAL_ROUTES } from '../src/lib/portal-routes.ts';

/** A screen's feature folder is named for its path ('/' is the overview): features/<name>/<name>-route. */
const featureOf = (path: string) => (path === '/' ? 'overview' : path.slice(1));

/**
 * Writes screen-preloads.json: for each portal path, the files its screen's code needs beyond what
 * index.html already asks for. The server names them in the page it sends for that path, so they
 * are fetched beside the entry instead of after it has run and asked for the screen (one round trip
 * and the entry's whole run later). Everything the entry imports dynamically from the screen's
 * feature folder counts (Call History's follow-up load too), with the chunks those import.
 */
export function screenPreloads(): Plugin {
  return {
    name: 'enq-screen-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('the build has no entry chunk');
      const inHtml = closure(bundle, [entry.fileName]);
      const preloads: ScreenPreloads = {};
      for (const { path } of PORTAL_ROUTES) {
        const folder = `/features/${featureOf(path)}/`;
        const roots = entry.dynamicImports.filter((name) =>
          (bundle[name] as Rollup.OutputChunk | undefined)?.facadeModuleId?.includes(folder),
        );
        if (!roots.some((name) => bundle[name]!.fileName.includes(`${featureOf(path)}-route`)))
          this.error(`no screen chunk for ${path} (expected ${folder}${featureOf(path)}-route)`);
        const needed = [...closure(bundle, roots)].filter((name) => !inHtml.has(name));
        preloads[path] = {
          scripts: needed.map((name) => `/${name}`),
          styles: needed
            .flatMap((name) => [...((bundle[name] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])])
            .map((name) => `/${name}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

/** The chunks `roots` need before they can run: themselves and their static imports, at any depth. */
function closure(bundle: Rollup.OutputBundle, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== 'chunk') return;
    seen.add(name);
    chunk.imports.forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}
