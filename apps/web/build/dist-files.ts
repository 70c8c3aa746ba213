import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir`, at any depth: what a build wrote. */
export function* distFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* distFiles(path);
    else yield path;
  }
}
