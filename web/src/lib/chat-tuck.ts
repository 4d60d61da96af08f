import { useEffect } from 'react';

/** Set on <html> while the chat button steps aside (components/chat-fab.css). */
export const CHAT_TUCKED_ATTRIBUTE = 'data-chat-tucked';

/** Scrolls smaller than this (a finger's jitter) change nothing. */
const JITTER_PX = 8;
/** Near the top, and near the bottom where the page keeps room for the button, it stays. */
const EDGE_PX = 80;

/**
 * The floating chat button covers the right edge of the page, where amounts stand. While the member
 * scrolls down to read, it steps aside; scrolling back up, or reaching the top or the end of the page,
 * brings it back. No timers: the member's own movement decides.
 */
export function useChatTuck(): void {
  useEffect(() => {
    const root = document.documentElement;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const moved = y - last;
      if (Math.abs(moved) < JITTER_PX) return;
      last = y;
      const atEdge = y < EDGE_PX || y + window.innerHeight >= root.scrollHeight - EDGE_PX;
      root.toggleAttribute(CHAT_TUCKED_ATTRIBUTE, moved > 0 && !atEdge);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      root.removeAttribute(CHAT_TUCKED_ATTRIBUTE);
    };
  }, []);
}
