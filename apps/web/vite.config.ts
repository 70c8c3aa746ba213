import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildSummary } from './build/build-summary.ts';
import { inlineEntryCss } from './build/inline-entry-css.ts';
import { precompress } from './build/precompress.ts';
import { screenPages } from './build/screen-pages.ts';

// In development the page runs on Vite's port; everything server-side lives on the one Node process.
const backend = 'http://localhost:8080';
const proxied = ['/api', '/oidc', '/interaction', '/site'];

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineEntryCss(), screenPages(), precompress(), buildSummary()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app; separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack[\\/]react-query|lucide-react|clsx)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: backend, changeOrigin: false }])),
  },
});
