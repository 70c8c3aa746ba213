import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { builtOutput } from './dist-files.ts';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the strongest
 * settings: done once at build time, the server (@fastify/static preCompressed) then sends the smallest
 * one the browser accepts without compressing on each request. Only node:zlib, no native dependency.
 */
export function precompress(): Plugin {
  const output = builtOutput();
  return {
    name: 'enq-precompress',
    apply: 'build',
    ...output.hooks,
    closeBundle() {
      for (const path of output.files() ?? []) {
        if (!COMPRESSIBLE.test(path)) continue;
        const body = readFileSync(path);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
