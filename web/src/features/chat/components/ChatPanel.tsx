import { Loader } from '@mantine/core';
import { IconAlertTriangle, IconHeadset, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { errorText } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { CHAT_ALERT_MS } from '../api/contract';
import type { Conversation } from '../api/use-conversation';
import { maxMbOf } from '../files';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';

/** Within this of the top the older page loads; within this of the bottom new messages keep it in view. */
const EDGE_PX = 48;

type Alert = { text: string; at: number };

export interface ChatPanelProps {
  id: string;
  conversation: Conversation;
  onClose: () => void;
}

/** CHAT-2 / CHAT-4 / CHAT-5: the open chat: who we talk to, the messages, the composer. */
export function ChatPanel({ id, conversation, onClose }: ChatPanelProps) {
  const { t } = useTranslation();
  const { messages, phase, loaded, hasOlder, loadingOlder, loadOlder } = conversation;
  const list = useRef<HTMLDivElement>(null);
  // Where the view was, counted from the bottom, when an older page was asked for (kept across it).
  const keepFromBottom = useRef<number | undefined>(undefined);
  const stuckToBottom = useRef(true);
  const [alert, setAlert] = useState<Alert>();

  const showAlert = useCallback((text: string) => setAlert({ text, at: Date.now() }), []);
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => setAlert(undefined), CHAT_ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert]);
  // A file the server refused (its content, its size) is told the same way.
  useEffect(() => {
    const refusal = conversation.refusal;
    if (!refusal) return;
    setAlert({
      text:
        refusal.code === 'CHAT_FILE_NOT_SUPPORTED'
          ? t('chat.fileNotSupported')
          : refusal.code === 'CHAT_FILE_TOO_LARGE'
            ? t('chat.fileTooLarge', { max: maxMbOf(refusal.kind) })
            : errorText(refusal.code),
      at: refusal.at,
    });
  }, [conversation.refusal, t]);

  const older = useCallback(() => {
    const el = list.current;
    if (!el || !hasOlder || loadingOlder) return;
    keepFromBottom.current = el.scrollHeight - el.scrollTop;
    void loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  // After each change: an older page keeps what was in view where it was; anything else keeps the
  // newest message in view when the view was at the bottom (or the message is the customer's own).
  const firstKey = messages[0]?.key;
  const lastKey = messages.at(-1)?.key;
  const lastOwn = messages.at(-1)?.sender === 'customer';
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (keepFromBottom.current !== undefined && !loadingOlder) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = undefined;
      return;
    }
    if (stuckToBottom.current || lastOwn) el.scrollTop = el.scrollHeight;
  }, [firstKey, lastKey, lastOwn, messages.length, loadingOlder]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    stuckToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    if (el.scrollTop < EDGE_PX) older();
  };

  const onFile = (file: File) => {
    const check = conversation.sendFile(file);
    if (check.ok) return;
    showAlert(
      check.reason === 'notSupported'
        ? t('chat.fileNotSupported')
        : t('chat.fileTooLarge', { max: check.maxMb }),
    );
  };

  const lastOwnKey = [...messages].reverse().find((m) => m.sender === 'customer')?.key;
  const lastIndex = messages.length - 1;
  const phaseText = t(`chat.phase.${phase}`);

  return (
    <section id={id} className="chat-panel" role="dialog" aria-modal="false" aria-label={t('chat.panel')}>
      <header className="chat-panel__header">
        <span className="chat-avatar" aria-hidden>
          <IconHeadset size={22} stroke={1.8} />
        </span>
        <div className="chat-panel__who">
          <strong>{t('chat.title')}</strong>
          <span className={`chat-phase chat-phase--${phase}`} role="status">
            <i aria-hidden />
            {phaseText}
          </span>
        </div>
        <button type="button" className="chat-close" aria-label={t('chat.close')} onClick={onClose}>
          <IconX size={20} />
        </button>
      </header>
      <div ref={list} className="chat-log" onScroll={onScroll}>
        {hasOlder && (
          <div className="chat-older">
            {loadingOlder ? (
              <span role="status" className="chat-older__loading">
                <Loader size="xs" />
                {t('chat.loadingOlder')}
              </span>
            ) : (
              <button type="button" onClick={older}>
                {t('chat.earlier')}
              </button>
            )}
          </div>
        )}
        {loaded && messages.length === 0 && (
          <div className="chat-welcome">
            <span className="chat-avatar chat-avatar--large" aria-hidden>
              <IconHeadset size={28} stroke={1.6} />
            </span>
            <strong>{t('chat.welcome')}</strong>
            <span>{t('chat.welcomeHint')}</span>
          </div>
        )}
        {!loaded && (
          <div className="chat-older">
            <Loader size="sm" />
          </div>
        )}
        {conversation.historyFailed && <p className="chat-note">{t('chat.historyFailed')}</p>}
        <ol className="chat-messages" role="log" aria-live="polite" aria-label={t('chat.conversation')}>
          {messages.map((message, i) => (
            <MessageItem
              key={message.key}
              message={message}
              lastOwn={message.key === lastOwnKey}
              // The operator's newest message offers its quick replies until the customer answers.
              showReplies={i === lastIndex}
              showName={messages[i - 1]?.sender !== message.sender}
              onPostback={conversation.sendPostback}
              onRetry={conversation.retry}
            />
          ))}
        </ol>
      </div>
      {alert && (
        <div className="chat-alert" role="alert" key={alert.at}>
          <IconAlertTriangle size={16} aria-hidden />
          {alert.text}
        </div>
      )}
      <Composer onSend={conversation.sendText} onFile={onFile} disabled={!conversation.canSend} />
    </section>
  );
}
