// The staff token lives only in this browser tab (sessionStorage), under a key of its own: a member's
// token (lib/session.ts) and a staff token never stand in for each other, and closing the tab signs out.
const KEY = 'console_token';

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be disabled (private modes): the console then forgets the session on reload.
    return undefined;
  }
}

export function getStaffToken(): string | null {
  return tabStorage()?.getItem(KEY) ?? null;
}

export function saveStaffToken(token: string): void {
  try {
    tabStorage()?.setItem(KEY, token);
  } catch {
    // Quota or privacy errors: the console still works until the tab reloads.
  }
}

export function clearStaffToken(): void {
  tabStorage()?.removeItem(KEY);
}
