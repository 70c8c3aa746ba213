import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The same renderer as the build (vite.config.ts): React 19, through the same plugin.
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
