import type { Plugin } from 'vite';
import { contractAwareImports } from './contract-imports.ts';
import { importClosure } from './import-closure.ts';

const ENTRY = /[\\/]src[\\/]main\.tsx$/;
const APP = /[\\/]src[\\/]app[\\/]start\.tsx$/;
const OVERVIEW = /[\\/]src[\\/]features[\\/]overview[\\/]overview-route\.tsx$/;
const OVERVIEW_FOLDER = /[\\/]src[\\/]features[\\/]overview[\\/]/;
const LIBRARY = /[\\/]node_modules[\\/]/;

/**
 * One chunk group for the app's own modules, `shell`, so that a first load asks for fewer files: a
 * browser sends one server six requests at a time, and a seventh waits for one of them to end. It
 * takes the modules app/start.tsx imports (the layouts, the router, the session, the API client...)
 * and those the overview, the page sign-in lands on, shares with other screens (the banners, the
 * credits meter, the formats, the PIN...). Left to the bundler, each of them shared with a different
 * set of screens is a file of its own, 0.1 to 1.8 KB each; in one file, `/` loads six scripts, and
 * most screens, which share some of the overview's modules, one file (README, "Speed").
 * Not in it: the entry's modules (in this chunk they would make the entry wait for it, and the entry
 *   asks the first answers before the app has arrived, app/early-boot.ts); start.tsx itself (in a
 *   group's chunk, the page's `import('./app/start')` found no module namespace, "Export
 *   'start_exports' is not defined", rolldown 1.2.19); the overview's own folder; libraries (their own
 *   groups, vite.config.ts). The group does not take its modules' imports with it, and reads what a
 *   module takes from the contract by name (build/contract-imports.ts): the contract's index
 *   re-exports every rule.
 */
export function appChunks() {
  let shell = new Set<string>();
  const plugin: Plugin = {
    name: 'enq-app-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => ENTRY.test(id));
      const app = ids.find((id) => APP.test(id));
      const overview = ids.find((id) => OVERVIEW.test(id));
      if (!entry || !app || !overview)
        return this.error(
          'the build has no src/main.tsx, src/app/start.tsx or features/overview/overview-route.tsx',
        );
      const importsOf = contractAwareImports(this);
      const entryModules = importClosure([entry], importsOf);
      const own = (id: string) => id !== app && !entryModules.has(id) && !LIBRARY.test(id);
      // The overview's own folder stays with its screen, unless start.tsx imports from it (the boot
      // asks the overview's first answer, app/screen-data.ts).
      const shared = [...importClosure([overview], importsOf)].filter((id) => !OVERVIEW_FOLDER.test(id));
      shell = new Set([...importClosure([app], importsOf), ...shared].filter(own));
    },
  };
  const groups = [
    {
      name: 'shell',
      test: (id: string) => shell.has(id),
      includeDependenciesRecursively: false,
    },
  ];
  return { plugin, groups };
}
