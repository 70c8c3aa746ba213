import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The unit tests render with React itself, while the build (vite.config.ts) ships Preact's compatibility
 * layer: Testing Library and the React libraries load through Node here, where CommonJS `require('react')`
 * (use-sync-external-store under recharts, react-dom/test-utils) does not follow Vite's aliases, and a
 * first try at running them on Preact failed 71 of 403 tests. The journeys (e2e/) run the Preact build.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // One worker runs every file: starting a jsdom worker per file cost 70 s of 95 on two cores, and
    // each start is a chance for Vitest's 60 s start timeout to fail the run on a loaded machine.
    // src/test/setup.ts resets what files share (DOM, storage, URL, toast queue, timers).
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
