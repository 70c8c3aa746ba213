import { existsSync, statSync } from 'node:fs';
import type { Plugin } from 'vite';
import { builtOutput } from './dist-files.ts';

const kB = (bytes: number) => `${Math.round(bytes / 1024)} kB`;

/**
 * One line for the whole build: how many files, how large, how long. `npm start` builds with Vite's
 * own list of every chunk turned off (--logLevel warn), so this line is what a person sees of it.
 */
export function buildSummary(): Plugin {
  const output = builtOutput();
  let started = 0;
  return {
    name: 'enq-build-summary',
    apply: 'build',
    // After precompress (listed before it): the .br copies are there to count.
    enforce: 'post',
    ...output.hooks,
    buildStart() {
      started = performance.now();
    },
    closeBundle() {
      const files = output.files();
      if (!files) return;
      let count = 0;
      let bytes = 0;
      let wire = 0;
      for (const path of files) {
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
