import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

// HOME-2 / SH-14: the remember-agreement flag. One browser may serve more than one member, so the flag
// keeps, per member id, the version that member accepted; a new version is not remembered and asks again.
// It spares the status call on every visit to the home; the server keeps the acceptance itself.

type Remembered = Record<string, string>;

const remembered = (): Remembered => {
  const value = readJson<unknown>(STORAGE_KEYS.agreement);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Remembered) : {};
};

export const isAcceptanceRemembered = (memberId: string, version: string): boolean =>
  remembered()[memberId] === version;

export function rememberAcceptance(memberId: string, version: string): void {
  writeJson(STORAGE_KEYS.agreement, { ...remembered(), [memberId]: version });
}
