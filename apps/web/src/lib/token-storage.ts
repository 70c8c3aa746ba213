import { API_TOKEN_STORAGE_KEY } from '@enq/contract';
import { forgetViewAs, viewAsSession } from './view-as-token';

// Storage can throw (private mode, disabled storage); treat that as "no token" rather than crashing.
// A view-as-customer tab (STAFF-09) uses its own token from sessionStorage, and never touches the
// signed-in person's token in localStorage.
export function getApiToken(): string | null {
  const viewAs = viewAsSession();
  if (viewAs) return viewAs.token;
  try {
    return window.localStorage.getItem(API_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setApiToken(token: string): void {
  window.localStorage.setItem(API_TOKEN_STORAGE_KEY, token);
}

export function clearApiToken(): void {
  if (viewAsSession()) return forgetViewAs();
  try {
    window.localStorage.removeItem(API_TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}
