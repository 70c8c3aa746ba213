import { VIEW_AS_FRAGMENT, VIEW_AS_STORAGE_KEY } from '@enq/contract';

/** A view-as-customer tab's session (STAFF-09): the read-only token and the account's name. */
export interface ViewAsSession {
  token: string;
  account: string;
}

/**
 * On a `#view-as=<token>&account=<name>` URL (the console's View as customer), keeps the token in this
 * tab's sessionStorage only, so the staff member's own session in localStorage stays as it is, and
 * takes it out of the address bar. Runs before the first request (main.tsx).
 */
export function adoptViewAsFromUrl(): void {
  const { hash, pathname, search } = window.location;
  if (!hash.startsWith(`#${VIEW_AS_FRAGMENT}=`)) return;
  const params = new URLSearchParams(hash.slice(1));
  const token = params.get(VIEW_AS_FRAGMENT);
  if (token) {
    const session: ViewAsSession = { token, account: params.get('account') ?? '' };
    try {
      window.sessionStorage.setItem(VIEW_AS_STORAGE_KEY, JSON.stringify(session));
    } catch {
      // No storage: the tab opens as whoever is signed in, without the view.
    }
  }
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

export function viewAsSession(): ViewAsSession | null {
  try {
    const stored = window.sessionStorage.getItem(VIEW_AS_STORAGE_KEY);
    const session = stored ? (JSON.parse(stored) as Partial<ViewAsSession>) : null;
    return session?.token ? { token: session.token, account: session.account ?? '' } : null;
  } catch {
    return null;
  }
}

/** Forgets the view (its token lapses by itself within minutes); the End button then closes the tab. */
export function forgetViewAs(): void {
  try {
    window.sessionStorage.removeItem(VIEW_AS_STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
