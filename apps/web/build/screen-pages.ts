// Relative: Vite loads its config with Node, which does not run the contract package's TypeScript.
import { SCREEN_PAGES_FILE, type ScreenPages } from '../../../packages/contract/src/paths.ts';
import { screenHeading, screenTitle } from './screen-heading.ts';
import type { Plugin, Rollup } from 'vite';
import { PORTAL_ROUTES } from '../src/lib/portal-routes.ts';
import { importClosure } from './import-closure.ts';

type Bundle = Rollup.OutputBundle;

/** A screen's feature folder is named for its path ('/' is the overview): features/<name>/<name>-route. */
const featureOf = (path: string) => (path === '/' ? 'overview' : path.slice(1));

const chunkOf = (bundle: Bundle, name: string) => {
  const file = bundle[name];
  return file?.type === 'chunk' ? file : undefined;
};

/**
 * What each page load fetches at once, before any of its code has run:
 * - index.html names the app's code for preloading: the entry (src/main.tsx) asks the first answers
 *   and then imports the app, which Vite would otherwise only start to fetch once the entry has run;
 * - screen-pages.json lists, for each portal path, the files its screen's code needs beyond
 *   those. The server names them in the page it sends for that path (routes/portal-page.ts), so they
 *   are fetched beside the app instead of after it has run and asked for the screen. Everything the
 *   app imports dynamically from the screen's feature folder counts (Call History's follow-up load
 *   too), with the chunks those import. With them, the screen's title and heading, which the
 *   server writes into the page's outline so they show with its first paint (build/screen-heading.ts).
 */
export function screenPages(): Plugin {
  return {
    name: 'enq-screen-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const { app } = parts(bundle, entry);
        return html.replace('</head>', () =>
          [...app]
            .map((name) => `<link rel="modulepreload" crossorigin href="/${name}">\n`)
            .join('')
            .concat('</head>'),
        );
      },
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (entry?.type !== 'chunk') return this.error('the build has no entry chunk');
      const { page, app } = parts(bundle, entry);
      const dynamic = [...app].flatMap((name) => chunkOf(bundle, name)!.dynamicImports);
      const pages: ScreenPages = {};
      for (const { path } of PORTAL_ROUTES) {
        const folder = `/features/${featureOf(path)}/`;
        const roots = dynamic.filter((name) => chunkOf(bundle, name)?.facadeModuleId?.includes(folder));
        if (!roots.some((name) => name.includes(`/${featureOf(path)}-route-`)))
          return this.error(`no screen chunk for ${path} (expected ${folder}${featureOf(path)}-route)`);
        const needed = [...closure(bundle, roots)].filter((name) => !page.has(name));
        pages[path] = {
          title: screenTitle(path),
          heading: screenHeading(path),
          scripts: needed.map((name) => `/${name}`),
          styles: needed
            .flatMap((name) => [...(chunkOf(bundle, name)!.viteMetadata?.importedCss ?? [])])
            .map((name) => `/${name}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: SCREEN_PAGES_FILE,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}

/**
 * `app`: the app's chunks the entry imports dynamically, with what they import, less what the
 * entry's own script tag brings. `page`: everything index.html names, entry and app.
 */
function parts(bundle: Bundle, entry: Rollup.OutputChunk) {
  const own = closure(bundle, [entry.fileName]);
  const app = new Set([...closure(bundle, entry.dynamicImports)].filter((name) => !own.has(name)));
  return { app, page: new Set([...own, ...app]) };
}

/** The chunks `roots` need before they can run: themselves and their static imports, at any depth. */
function closure(bundle: Bundle, roots: string[]): Set<string> {
  return importClosure(roots, (name) => chunkOf(bundle, name)?.imports);
}
