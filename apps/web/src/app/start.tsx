import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app';
import { startBoot } from './boot';
import { AppProviders } from './providers';
import { createQueryClient } from '../lib/query-client';

/**
 * Starts the boot (app/boot.ts) and renders the portal into #root once who is signed in is known.
 * Until then the outline index.html painted stays up; drawn before, the portal would draw a loading
 * state only to replace it with the layout a moment later.
 */
export function startApp(): Promise<Root> {
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html lacks #root');

  const queryClient = createQueryClient();
  return startBoot(queryClient).then(() => {
    const root = createRoot(element);
    // A transition, which React renders in short slices: rendered at once, the first render of the
    // layout and the screen is one long task that holds up the first input (Lighthouse TBT).
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
