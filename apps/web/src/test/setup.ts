import { PUBLIC_CONFIG_ELEMENT_ID } from '@enq/contract';
import { cleanup, configure } from '@testing-library/react';
import { toast } from '../lib/toast-library';
import { afterEach, vi } from 'vitest';
import { setApiOrigin } from '../lib/api-client';

// findBy/waitFor give up after 1 s by default; a lazy route's first import took longer on a loaded
// two-core machine. Passing tests never wait the extra time.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // With no container mounted this empties toastify's module-level queue, which would otherwise
  // show one test's toasts in the next (test files share a worker).
  toast.dismiss();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  // A loaded config points the API client at its environment's API: back to the page's own origin.
  setApiOrigin('');
  document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.remove();
});

// Radix popper measures its anchor; jsdom has no ResizeObserver.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
