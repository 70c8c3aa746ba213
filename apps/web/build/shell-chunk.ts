import type { Plugin } from 'vite';
import { importClosure, type ImportsOf } from './import-closure.ts';

const ENTRY = /[\\/]src[\\/]main\.tsx$/;
const APP = /[\\/]src[\\/]app[\\/]start\.tsx$/;

/**
 * The app's own modules that app/start.tsx imports (the layouts, the router, the session, the API
 * client...), apart from those the entry has already and start.tsx itself.
 * - Left to the bundler, each of them shared with a different set of screens is a file of its own:
 *   eight files of 0.1 to 1.8 KB for every first load, each a request in the six the browser sends
 *   to one server at a time, before the screen's own.
 * - The entry's modules stay out: in this chunk they would make the entry wait for it, and the
 *   entry asks the first answers before the app has arrived (app/early-boot.ts).
 * - start.tsx stays out: in a group's chunk, the page's `import('./app/start')` found no module
 *   namespace ("Export 'start_exports' is not defined", rolldown 1.2.19).
 * - Libraries stay in their own groups (vite.config.ts).
 * Only modules that start.tsx loads anyway, so no screen loads more than before. The group does not
 * take the modules' imports with it: the contract's index re-exports every rule, so "imports" here
 * reach far more than what the bundle keeps.
 */
export function shellChunk() {
  let shell = new Set<string>();
  const plugin: Plugin = {
    name: 'enq-shell-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => ENTRY.test(id));
      const app = ids.find((id) => APP.test(id));
      if (!entry || !app) return this.error('the build has no src/main.tsx or no src/app/start.tsx');
      const importsOf: ImportsOf = (id) => this.getModuleInfo(id)?.importedIds;
      const entryModules = importClosure([entry], importsOf);
      shell = new Set(
        [...importClosure([app], importsOf)].filter(
          (id) => id !== app && !entryModules.has(id) && !/[\\/]node_modules[\\/]/.test(id),
        ),
      );
    },
  };
  const group = { name: 'shell', test: (id: string) => shell.has(id), includeDependenciesRecursively: false };
  return { plugin, group };
}
