import { readItem, removeItem, STORAGE_KEYS, writeItem } from './storage';

// SH-12: a remembered token lives in localStorage, any other only for the browser session.

export function getToken(): string | null {
  return readItem(STORAGE_KEYS.token, 'local') ?? readItem(STORAGE_KEYS.token, 'session');
}

export function hasSession(): boolean {
  return getToken() !== null;
}

export function saveToken(token: string, remember: boolean): void {
  removeItem(STORAGE_KEYS.token);
  writeItem(STORAGE_KEYS.token, token, remember ? 'local' : 'session');
}

/** Forgets the member on this device: the token, the cached user info and its sync time (SH-12, SH-13). */
export function clearSession(): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.userInfo);
  removeItem(STORAGE_KEYS.lastSync);
}
