import { useMemo } from 'react';
import { useChatConfig } from '../api/get-config';
import type { ChatIdentity } from '../api/identity';
import { useConversation } from '../api/use-conversation';

/**
 * CHAT-6: on the member pages without the chat, follows the member's conversation (its newest page and
 * the room on the socket the shell already has open) only to count the operator's unread replies for the
 * contact tab's badge. Draws nothing.
 */
export function ChatUnreadWatch({ userId }: { userId: string }) {
  const config = useChatConfig();
  const identity = useMemo<ChatIdentity>(() => ({ kind: 'member', userId }), [userId]);
  useConversation(config.data?.enabled ? identity : undefined, config.data?.PREFIX, false);
  return null;
}
