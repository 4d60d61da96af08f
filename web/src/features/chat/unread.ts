import { useSyncExternalStore } from 'react';

// CHAT-6: how many of the operator's messages the customer has not read, for the badges on the contact
// tab and the chat button. Whoever follows the conversation (the chat widget, or the member shell's
// watcher on other pages) writes it. Imports nothing heavy: the member shell shows the badge.

let unread = 0;
const listeners = new Set<() => void>();

export function setChatUnread(next: number): void {
  if (next === unread) return;
  unread = next;
  listeners.forEach((listener) => listener());
}

export const chatUnread = () => unread;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useChatUnread(): number {
  return useSyncExternalStore(subscribe, chatUnread, () => 0);
}
