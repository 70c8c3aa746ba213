import { StrictMode } from 'react';
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

  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
}
