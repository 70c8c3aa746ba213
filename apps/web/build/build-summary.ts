import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { distFiles } from './dist-files.ts';

const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

/**
 * One line for the whole build: how many files, how large, how long. `npm start` builds with Vite's
 * own list of every chunk turned off (--logLevel warn), so this line is what a person sees of it.
 */
export function buildSummary(): Plugin {
  let outDir = 'dist';
  let failed = false;
  let started = 0;
  return {
    name: 'enq-build-summary',
    apply: 'build',
    // After precompress (listed before it): the .br copies are there to count.
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      started = performance.now();
    },
    // A failed build wrote nothing: reading its output would hide the build's own error behind ENOENT.
    buildEnd(error) {
      failed = error !== undefined;
    },
    closeBundle() {
      if (failed) return;
      let count = 0;
      let bytes = 0;
      let wire = 0;
      for (const path of distFiles(outDir)) {
        if (path.endsWith('.gz') || path.endsWith('.br')) continue;
        const size = statSync(path).size;
        count++;
        bytes += size;
        // What a browser that takes Brotli would be sent of it: the .br copy where there is one.
        wire += existsSync(`${path}.br`) ? statSync(`${path}.br`).size : size;
      }
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`Built the page in ${seconds} s: ${count} files, ${kB(bytes)} (${kB(wire)} with Brotli)`);
    },
  };
}
