import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startBoot } from './boot';
import { AppProviders } from './providers';
import { createQueryClient } from '../lib/query-client';

/** Renders the portal into #root and starts its boot (app/boot.ts). */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');

  const queryClient = createQueryClient();
  startBoot(queryClient);

  // A transition, which React renders in short slices: rendered at once, the first render of the
  // layout and the screen's outline is one long task that holds up the first input (Lighthouse TBT).
  // The outline index.html paints stays up until it is done. Preact, which the built portal runs on
  // (vite.config.ts), renders transitions and deferred values at once; splitting the renders into
  // tasks of their own by hand showed no less blocking time (README, "Speed").
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <App />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
