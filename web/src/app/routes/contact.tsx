import { lazy, Suspense } from 'react';
import { useProfile } from '../../features/accounts/api/get-profile';
import { ContactPanel } from '../../features/lookups/components/ContactPanel';
import { useChatWidgetEnabled } from '../../features/lookups/api/lookups';
import { hasSession } from '../../lib/session';

// The chat (its schemas, socket and styles) loads after the contact details have painted.
const ChatWidget = lazy(() =>
  import('../../features/chat/components/ChatWidget').then((m) => ({ default: m.ChatWidget })),
);

/**
 * CHAT-1: /contact and /user/contact: the contact details, and the chat widget when the operator turned
 * it on (GET /api/lookup/enableChatWidget). A logged-in member chats as themselves on both pages.
 */
export default function ContactRoute() {
  const widget = useChatWidgetEnabled();
  const member = hasSession();
  return (
    <>
      <ContactPanel />
      {widget.data?.enabled && (
        <Suspense fallback={null}>{member ? <MemberChat /> : <ChatWidget member={null} />}</Suspense>
      )}
    </>
  );
}

function MemberChat() {
  const profile = useProfile();
  return <ChatWidget member={{ userId: profile.data?._id }} />;
}
