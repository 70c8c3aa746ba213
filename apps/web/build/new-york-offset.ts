import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const OURS = fileURLToPath(new URL('../src/lib/tz-offset.ts', import.meta.url));

/**
 * Resolves @date-fns/tz's own import of its `tzOffset` (from TZDate's code) to src/lib/tz-offset.ts,
 * which answers New York without Intl. Only imports from inside the library are redirected: the
 * replacement itself imports the library's `tzOffset` for every other zone.
 */
export function newYorkOffset(): Plugin {
  return {
    name: 'enq-new-york-offset',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '../tzOffset/index.js' && importer && /[\\/]@date-fns[\\/]tz[\\/]/.test(importer))
        return OURS;
      return null;
    },
  };
}
