import tailwindcss from '@tailwindcss/vite';
import prefresh from '@prefresh/vite';
import { defineConfig } from 'vite';
import { buildSummary } from './build/build-summary.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { newYorkOffset } from './build/new-york-offset.ts';
import { precompress } from './build/precompress.ts';
import { screenPages } from './build/screen-pages.ts';
import { appChunks } from './build/app-chunks.ts';
import { toastStyles } from './build/toast-styles.ts';

// In development the page runs on Vite's port; everything server-side lives on the one Node process.
const backend = 'http://localhost:8080';
const proxied = ['/api', '/oidc', '/interaction', '/site'];

/**
 * The portal runs on Preact through its React compatibility layer: the libraries are written for React
 * and import it by name, so every spelling of that name resolves to Preact. bench:overview measured
 * the first load 84 KB of script instead of 132 KB and the overview shown sooner (README, "Speed").
 * The unit tests keep React itself (vitest.config.ts says why); the journeys run this build.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

const appChunkGroups = appChunks();

export default defineConfig({
  resolve: { alias: preactAliases },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [
    appChunkGroups.plugin,
    newYorkOffset(),
    toastStyles(),
    prefresh(),
    tailwindcss(),
    inlineEntryCss(),
    screenPages(),
    precompress(),
    buildSummary(),
  ],
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
        // releases. Those every page loads are one file: a first load asks for fewer (build/app-chunks.ts).
        codeSplitting: {
          groups: [
            {
              name: 'libs',
              test: /node_modules[\\/](preact|wouter|regexparam|@tanstack[\\/]react-query|lucide-react|clsx)[\\/]/,
              priority: 2,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            ...appChunkGroups.groups,
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
});
