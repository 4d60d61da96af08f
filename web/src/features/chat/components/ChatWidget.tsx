import { IconMessageCircle, IconX } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useChatConfig } from '../api/get-config';
import { guestIdentity, type ChatIdentity } from '../api/identity';
import { useConversation } from '../api/use-conversation';
import { ChatPanel } from './ChatPanel';
import './chat.css';

export interface ChatWidgetProps {
  /** A member chats under their user id (undefined while the profile loads); a visitor as a guest. */
  member: { userId: string | undefined } | null;
  /** Opens at once (a link that says "chat now"). */
  defaultOpen?: boolean;
}

/**
 * CHAT-1 / CHAT-2: the floating chat button and the panel it toggles, shown when the server has a chat
 * backend (GET /api/chat/config; the page asked /api/lookup/enableChatWidget before rendering it). A
 * member's conversation follows from the start (the button counts unread replies); a visitor becomes a
 * guest (CHAT-7) and connects only once they open the chat.
 */
export function ChatWidget({ member, defaultOpen = false }: ChatWidgetProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const config = useChatConfig();
  const [open, setOpen] = useState(defaultOpen);
  const [opened, setOpened] = useState(defaultOpen);
  const [guest, setGuest] = useState<ChatIdentity>();
  const [guestFailed, setGuestFailed] = useState(false);
  const enabled = config.data?.enabled === true;
  const memberId = member?.userId;
  const isMember = member !== null;

  useEffect(() => {
    if (isMember || !enabled || !opened || guest) return;
    let live = true;
    setGuestFailed(false);
    guestIdentity().then(
      (identity) => live && setGuest(identity),
      () => live && setGuestFailed(true),
    );
    return () => {
      live = false;
    };
  }, [isMember, enabled, opened, guest]);

  const identity = useMemo<ChatIdentity | undefined>(
    () => (isMember ? (memberId ? { kind: 'member', userId: memberId } : undefined) : guest),
    [isMember, memberId, guest],
  );
  const conversation = useConversation(enabled ? identity : undefined, config.data?.PREFIX, open);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!enabled) return null;
  const toggle = () => {
    setOpen((o) => !o);
    setOpened(true);
  };
  const unread = conversation.unread;
  return (
    <>
      {open && (
        // On a phone the page behind dims; a tap on it closes the chat.
        <div className="chat-scrim" aria-hidden onClick={() => setOpen(false)} />
      )}
      {open && (
        <ChatPanel
          id={panelId}
          conversation={guestFailed ? { ...conversation, phase: 'failed' } : conversation}
          onClose={() => setOpen(false)}
        />
      )}
      <button
        type="button"
        className={`chat-fab${open ? ' chat-fab--open' : ''}`}
        aria-label={open ? t('chat.close') : t('chat.open')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        {open ? <IconX size={26} stroke={2} /> : <IconMessageCircle size={28} stroke={1.8} />}
        {!open && unread > 0 && (
          <span className="chat-badge" aria-label={t('chat.unread', { count: unread })}>
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
    </>
  );
}
