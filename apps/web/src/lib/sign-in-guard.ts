// A broken exchange (or a token the API keeps refusing) would bounce between the provider and the
// portal forever; this caps redirects per browser tab.
const KEY = 'enq.signInAttempts';
const WINDOW_MS = 60_000;
const MAX_ATTEMPTS = 2;

function recentAttempts(now: number): number[] {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list)
      ? list.filter((t): t is number => typeof t === 'number' && now - t < WINDOW_MS)
      : [];
  } catch {
    return [];
  }
}

/** Records an attempt and says whether it may go ahead. */
export function claimSignInAttempt(now = Date.now()): boolean {
  const attempts = recentAttempts(now);
  if (attempts.length >= MAX_ATTEMPTS) return false;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...attempts, now]));
  } catch {
    // without sessionStorage there is no loop guard; still let the visitor sign in
  }
  return true;
}

export function resetSignInAttempts(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing to reset
  }
}
