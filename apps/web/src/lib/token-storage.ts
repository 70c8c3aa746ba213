import { API_TOKEN_STORAGE_KEY } from '@enq/contract';

// Storage can throw (private mode, disabled storage); treat that as "no token" rather than crashing.
export function getApiToken(): string | null {
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
  try {
    window.localStorage.removeItem(API_TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}
