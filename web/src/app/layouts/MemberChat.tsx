import '../../components/chat-fab.css';
import { IconMessageCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { lazyWithLaterTexts, useTranslation } from '../../i18n/react';
import { useChatTuck } from '../../lib/chat-tuck';

const ChatWidget = lazyWithLaterTexts(
  () => import('../../features/chat/components/ChatWidget'),
  'ChatWidget',
);
const ChatUnreadWatch = lazy(() =>
  import('../../features/chat/components/ChatUnreadWatch').then((m) => ({ default: m.ChatUnreadWatch })),
);

/** The light button shown until the chat is first opened: the chat's own code loads on the tap. */
function ChatButton({ unread, onClick }: { unread: number; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    // The widget's own button's look (components/chat-fab.css); member-chat-fab names the stand-in.
    <button type="button" className="chat-fab member-chat-fab" aria-label={t('chat.open')} onClick={onClick}>
      <IconMessageCircle size={28} stroke={1.8} />
      {unread > 0 && (
        <span className="chat-badge" aria-label={t('chat.unread', { count: unread })}>
          {unread > 9 ? '9+' : unread}
        </span>
      )}
    </button>
  );
}

/**
 * CHAT-1 on every member page, as Thai sites float their LINE button: a round chat button at the bottom
 * right, above the bottom menu and clear of its plus button. The first tap loads the chat widget, open,
 * in the same place (its own button then takes over); until then a watcher counts unread replies
 * (CHAT-6). The contact page shows the chat itself, so the shell leaves this out there.
 */
export function MemberChat({ userId, unread }: { userId: string; unread: number }) {
  const [wanted, setWanted] = useState(false);
  // Out of the way of the amounts while the member scrolls down a page.
  useChatTuck();
  if (!wanted)
    return (
      <>
        <ChatButton unread={unread} onClick={() => setWanted(true)} />
        <Suspense fallback={null}>
          <ChatUnreadWatch userId={userId} />
        </Suspense>
      </>
    );
  return (
    <Suspense fallback={<ChatButton unread={unread} />}>
      <ChatWidget member={{ userId }} defaultOpen />
    </Suspense>
  );
}
