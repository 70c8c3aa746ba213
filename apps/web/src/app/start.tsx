import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { startBoot } from './boot';
import { AppProviders } from './providers';
import { createQueryClient } from '../lib/query-client';

/**
 * The longest the first render waits for the boot's answers (app/boot.ts). Drawn once they are in, the
 * layout and the screen render once, with their data; drawn before, the portal renders its outline,
 * then the layout with the screen's placeholders, then the screen, each time much the same ~400
 * elements (README, "Speed": the overview and Call History shown in 0.84 and 0.85 of the time).
 * Meanwhile the outline index.html painted stays up; slower answers get the portal's own outline,
 * which says the page is loading, after this long.
 */
export const FIRST_RENDER_WAIT_MS = 400;

/** Starts the boot (app/boot.ts) and renders the portal into #root once its answers are in. */
export function startApp({ waitMs = FIRST_RENDER_WAIT_MS } = {}): Promise<Root> {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html lacks #root');

  const queryClient = createQueryClient();
  const ready = startBoot(queryClient);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  return Promise.race([ready, waited]).then(() => {
    clearTimeout(timer);
    const root = createRoot(element);
    // A transition, which React renders in short slices: rendered at once, the first render of the
    // layout and the screen is one long task that holds up the first input (Lighthouse TBT). Preact,
    // which the built portal runs on (vite.config.ts), renders transitions and deferred values at
    // once; splitting the renders into tasks of their own by hand showed no less blocking time
    // (README, "Speed").
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <App />
          </AppProviders>
        </StrictMode>,
      ),
    );
    return root;
  });
}
