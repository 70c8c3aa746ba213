import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Every file below `dir`, at any depth: what a build wrote. */
function* filesBelow(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesBelow(path);
    else yield path;
  }
}

/**
 * What a plugin that reads the build's output once it is written needs: its hooks, which learn where
 * the output goes (an absolute --outDir too) and whether the build failed, and the files it wrote.
 * A failed build wrote nothing: reading its output would hide the build's own error behind ENOENT.
 */
export function builtOutput() {
  let dir = 'dist';
  let failed = false;
  const hooks = {
    configResolved(config) {
      dir = resolve(config.root, config.build.outDir);
    },
    buildEnd(error) {
      failed = error !== undefined;
    },
  } satisfies Pick<Plugin, 'configResolved' | 'buildEnd'>;
  /** The files the build wrote; null when it failed. */
  const files = (): Generator<string> | null => (failed ? null : filesBelow(dir));
  return { hooks, files };
}
