import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildSummary } from './build/build-summary.ts';
import { FIRST_LOAD_LIBRARIES, noChunkLoops, packageOf, shellChunk } from './build/chunks.ts';
import { precompress } from './build/precompress.ts';

// In development the page runs on Vite's port; everything server-side lives on the one Node process.
const backend = 'http://localhost:8080';
const proxied = ['/api', '/oidc', '/interaction', '/site'];

export default defineConfig({
  plugins: [react(), tailwindcss(), noChunkLoops(), precompress(), buildSummary()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // "use client" marks React server components, which a page built for the browser has none of.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app; chunks of their own keep them cached across
        // releases. Those every page loads are one file, named by package; our own modules the first
        // screen needs are another (build/chunks.ts).
        codeSplitting: {
          groups: [
            { name: 'libs', test: (id: string) => FIRST_LOAD_LIBRARIES.has(packageOf(id)), priority: 2 },
            { name: 'zod', test: (id: string) => packageOf(id) === 'zod', priority: 1 },
            shellChunk(),
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
});
