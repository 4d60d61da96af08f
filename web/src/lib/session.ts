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

/**
 * Who is asking, for the query keys of answers that depend on it (the deposit accounts and withdrawal
 * limits of the member's currency): 'visitor', or the session as a short fingerprint of its token
 * (FNV-1a, 32 bits; never the token itself), so no answer outlives the session it was asked with.
 */
export function sessionScope(): string {
  const token = getToken();
  if (token === null) return 'visitor';
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `member:${(hash >>> 0).toString(16).padStart(8, '0')}`;
}
