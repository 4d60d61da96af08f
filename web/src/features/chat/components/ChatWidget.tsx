import { IconMessageCircle, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useChatConfig } from '../api/get-config';
import { forgetGuest, guestIdentity, type ChatIdentity } from '../api/identity';
import { useConversation } from '../api/use-conversation';
import { ChatPanel } from './ChatPanel';
import '../../../components/chat-fab.css';
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
  const config = useChatConfig();
  const [open, setOpen] = useState(defaultOpen);
  const [opened, setOpened] = useState(defaultOpen);
  const [guest, setGuest] = useState<ChatIdentity>();
  const [guestFailed, setGuestFailed] = useState(false);
  // A kept guest token the server refuses is replaced once; refused again, the chat cannot start.
  const renewed = useRef(false);
  const [generation, setGeneration] = useState(0);
  const enabled = config.data?.enabled === true;
  const memberId = member?.userId;
  const isMember = member !== null;

  useEffect(() => {
    if (isMember || !enabled || !opened || guest || guestFailed) return;
    let live = true;
    guestIdentity().then(
      (identity) => live && setGuest(identity),
      () => live && setGuestFailed(true),
    );
    return () => {
      live = false;
    };
  }, [isMember, enabled, opened, guest, guestFailed]);

  const guestToken = useRef<string | undefined>(undefined);
  guestToken.current = guest?.kind === 'guest' ? guest.guestToken : undefined;
  const onGuestRefused = useCallback((refused: string) => {
    // Several calls may come back refused: the token is replaced once, not once per call.
    if (refused !== guestToken.current) return;
    guestToken.current = undefined;
    forgetGuest();
    if (renewed.current) setGuestFailed(true);
    renewed.current = true;
    setGuest(undefined);
    setGeneration((g) => g + 1);
  }, []);

  const identity = useMemo<ChatIdentity | undefined>(
    () => (isMember ? (memberId ? { kind: 'member', userId: memberId } : undefined) : guest),
    [isMember, memberId, guest],
  );

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  if (!enabled) return null;
  return (
    // A new guest is another conversation: nothing of the one before stays on screen.
    <Conversation
      key={generation}
      identity={identity}
      prefix={config.data?.PREFIX}
      open={open}
      failed={guestFailed}
      onToggle={() => {
        setOpen((o) => !o);
        setOpened(true);
      }}
      onClose={() => setOpen(false)}
      onGuestRefused={isMember ? undefined : onGuestRefused}
    />
  );
}

interface ConversationProps {
  identity: ChatIdentity | undefined;
  prefix: string | undefined;
  open: boolean;
  failed: boolean;
  onToggle: () => void;
  onClose: () => void;
  onGuestRefused: ((guestToken: string) => void) | undefined;
}

function Conversation({
  identity,
  prefix,
  open,
  failed,
  onToggle,
  onClose,
  onGuestRefused,
}: ConversationProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const conversation = useConversation(identity, prefix, open, onGuestRefused);
  const unread = conversation.unread;
  return (
    <>
      {open && (
        // On a phone the page behind dims; a tap on it closes the chat.
        <div className="chat-scrim" aria-hidden onClick={onClose} />
      )}
      {open && (
        <ChatPanel
          id={panelId}
          conversation={failed ? { ...conversation, phase: 'failed' } : conversation}
          onClose={onClose}
        />
      )}
      <button
        type="button"
        className={`chat-fab${open ? ' chat-fab--open' : ''}`}
        aria-label={open ? t('chat.close') : t('chat.open')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onToggle}
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
