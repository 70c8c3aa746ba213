import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
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

const appChunkGroups = appChunks();

export default defineConfig({
  plugins: [
    appChunkGroups.plugin,
    newYorkOffset(),
    toastStyles(),
    react(),
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
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack[\\/]react-query|lucide-react|clsx)[\\/]/,
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
