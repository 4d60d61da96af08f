import { readItem, STORAGE_KEYS, writeItem } from './storage';

/** Chrome's event (Android, desktop): not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
}

// The browser offers installation once, early, with `beforeinstallprompt`; the entry listens from the
// start (main.tsx) and keeps the event until a member page shows the install button
// (components/InstallBanner.tsx). Nothing here imports React: the entry stays small.
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini bar stays away; our translated button offers it instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    changed();
  });
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Whether the member said "not now": remembered on this device (docs/decisions.md, SH-14). */
const dismissed = () => readItem(STORAGE_KEYS.installDismissed) === '1';

/** Whether there is an install offer the member has not turned down. */
export const installOffered = (): boolean => deferred !== null && !dismissed();

/** Shows the browser's install dialog; an offer can be shown once, so it is spent whatever the answer. */
export function promptInstall(): void {
  const offer = deferred;
  if (!offer) return;
  deferred = null;
  changed();
  void offer.prompt().catch(() => {});
}

export function dismissInstall(): void {
  writeItem(STORAGE_KEYS.installDismissed, '1');
  changed();
}
