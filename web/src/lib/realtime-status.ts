import { useSyncExternalStore } from 'react';

// Whether the member's realtime socket is connected (app/realtime opens it). Features read it to poll
// only while it is not: the QR panel asks for its QR every few seconds then.

let connected = false;
const listeners = new Set<() => void>();

export function setRealtimeConnected(next: boolean): void {
  if (next === connected) return;
  connected = next;
  listeners.forEach((listener) => listener());
}

export function isRealtimeConnected(): boolean {
  return connected;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(subscribe, isRealtimeConnected, () => false);
}
