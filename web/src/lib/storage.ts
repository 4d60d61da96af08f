// SH-14: the only things Krapao keeps in the browser. Every read and write goes through these keys.
export const STORAGE_KEYS = {
  token: 'token',
  agreement: 'agreement',
  lastSync: 'last_sync',
  locale: 'locale',
  guestChatId: 'guest_chat_id',
  userInfo: 'user_info',
  /** The member turned down the "Install Krapao" offer on this device (docs/decisions.md). */
  installDismissed: 'install_dismissed',
  /** The wheel's commitments as received before each spin (features/spin/commitments.ts). */
  spinCommitments: 'spin_commitments',
  /** Session storage: the register wizard's code step, kept over a reload (app/routes/register.tsx). */
  registerOtp: 'register_otp',
  /** Session storage, set by a login: the home says once when the member last signed in before. */
  signInNotice: 'sign_in_notice',
  /** Session storage: a game replaced the app in this tab; coming back asks the game balances again. */
  leftForGame: 'left_for_game',
  /** Session storage: the paid QRs whose "received" screen the member has seen (features/deposits). */
  qrReceivedSeen: 'qr_received_seen',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

type Area = 'local' | 'session';

function area(which: Area): Storage | undefined {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be disabled (private modes, blocked cookies): behave as empty.
    return undefined;
  }
}

export function readItem(key: StorageKey, which: Area = 'local'): string | null {
  return area(which)?.getItem(key) ?? null;
}

export function writeItem(key: StorageKey, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota or privacy errors: the app still works, it only forgets on reload.
  }
}

export function removeItem(key: StorageKey): void {
  area('local')?.removeItem(key);
  area('session')?.removeItem(key);
}

export function readJson<T>(key: StorageKey): T | undefined {
  const raw = readItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeItem(key, JSON.stringify(value));
}

/**
 * SH-14: the cached user info is one object (profile, bank account, wallet, game accounts, totals);
 * each area refreshes its own fields and keeps the others'.
 */
export function mergeJson(key: StorageKey, patch: Record<string, unknown>): void {
  const current = readJson<unknown>(key);
  const base = current && typeof current === 'object' && !Array.isArray(current) ? current : {};
  writeJson(key, { ...base, ...patch });
}
