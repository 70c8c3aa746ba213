import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildSummary } from './build/build-summary.ts';
import { precompress } from './build/precompress.ts';

// In development the page runs on Vite's port; everything server-side lives on the one Node process.
const backend = 'http://localhost:8080';
const proxied = ['/api', '/oidc', '/interaction', '/site'];

/** The libraries every page loads, by package name. */
const FIRST_LOAD_LIBRARIES = new Set([
  'react',
  'react-dom',
  'scheduler',
  'wouter',
  'regexparam',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'lucide-react',
  'clsx',
]);

/** The npm package a module id belongs to ('' for the app's own modules). */
function packageOf(id: string): string {
  const parts = id.split(/[\\/]node_modules[\\/]/);
  if (parts.length < 2) return '';
  const [scope, name] = parts.at(-1)!.split(/[\\/]/);
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), buildSummary()],
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
        // releases. Those every page loads are one file, named by package.
        codeSplitting: {
          groups: [
            { name: 'libs', test: (id: string) => FIRST_LOAD_LIBRARIES.has(packageOf(id)), priority: 2 },
            { name: 'zod', test: (id: string) => packageOf(id) === 'zod', priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
});
