// `npm run build -w apps/api`: the server as ES modules, the entry apps/api/dist/server.mjs and its chunks
// in dist/chunks/, which `npm start` and every test that starts a server process run. Under tsx each start took about 1.7 s longer
// (5.3 against 3.5 s to /readyz on this machine): its loader hooks sit on every import, the
// node_modules ones too, which are left out of the bundle and load natively here.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const apiRoot = fileURLToPath(new URL('./', import.meta.url));
export const serverBundle = `${apiRoot}dist/server.mjs`;

/**
 * Packages load from node_modules at run time; the workspace's own (@enq/contract, TypeScript source)
 * go into the bundle. Each source file keeps its own `import.meta.url`, the file it was read from, so
 * the assets, fonts and migrations it finds beside itself are found from the bundle too.
 */
const ownSourcesOnly: Plugin = {
  name: 'own-sources-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@enq/') ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

/** Builds the bundle (about half a second); each file written whole, so a server starting meanwhile reads the old one. */
export async function buildServer(): Promise<void> {
  const { outputFiles } = await build({
    entryPoints: { server: `${apiRoot}src/server.ts` },
    outdir: `${apiRoot}dist`,
    outExtension: { '.js': '.mjs' },
    // The server's modules in a chunk of their own, which the entry imports once tracing has started:
    // in one file the packages they import (Fastify, pg) would load before the entry's first line.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Error reports name the class: two modules' classes of one name must not be renamed apart.
    keepNames: true,
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [ownSourcesOnly],
  });
  // The entry last: chunks are named by their content, so a server starting meanwhile finds its own.
  const ordered = [...outputFiles].sort(
    (a, b) => Number(a.path.startsWith(serverBundle)) - Number(b.path.startsWith(serverBundle)),
  );
  for (const file of ordered) {
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(`${file.path}.tmp`, file.contents);
    await rename(`${file.path}.tmp`, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
