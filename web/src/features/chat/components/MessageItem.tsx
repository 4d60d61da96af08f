import {
  IconAlertCircle,
  IconCheck,
  IconChecks,
  IconExternalLink,
  IconPhone,
  IconRefresh,
} from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { formatTime } from '../../../lib/format';
import type { ChatButton, ChatMessageBody } from '../api/contract';
import type { ShownMessage } from '../messages';

/**
 * A link an operator's message may carry, made safe to put in the page: http(s) or a path of this site.
 * Anything else (javascript:, data:) is not a link (CHAT-4: a message never runs anything).
 */
export function safeUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** A phone number for tel:, with nothing in it but what a number is written with. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

type Postback = (title: string, payload: string) => void;

function ButtonList({ buttons, onPostback }: { buttons: readonly ChatButton[]; onPostback: Postback }) {
  return (
    <div className="chat-buttons">
      {buttons.map((button, i) => {
        if (button.type === 'web') {
          const href = safeUrl(button.url);
          return href ? (
            <a key={i} className="chat-action" href={href} target="_blank" rel="noopener noreferrer">
              <span>{button.title}</span>
              <IconExternalLink size={16} aria-hidden />
            </a>
          ) : (
            <span key={i} className="chat-action chat-action--disabled">
              {button.title}
            </span>
          );
        }
        if (button.type === 'call')
          return (
            <a key={i} className="chat-action" href={telOf(button.phone)}>
              <IconPhone size={16} aria-hidden />
              <span>{button.title}</span>
            </a>
          );
        return (
          <button
            key={i}
            type="button"
            className="chat-action"
            onClick={() => onPostback(button.title, button.payload)}
          >
            {button.title}
          </button>
        );
      })}
    </div>
  );
}

function Media({
  message,
  payload,
}: {
  message: ShownMessage;
  payload: Extract<ChatMessageBody, { message_type: 'media' }>['payload'];
}) {
  const { t } = useTranslation();
  // Ours still uploading shows from the device; a stored one from the server's path.
  const src =
    message.file?.previewUrl && message.status !== 'succeed'
      ? message.file.previewUrl
      : safeUrl(payload.filePath);
  if (!src) return null;
  return (
    <>
      {payload.fileType === 'image' ? (
        <a
          href={message.status === 'succeed' ? src : undefined}
          target="_blank"
          rel="noopener noreferrer"
          className="chat-media"
        >
          <img src={src} alt={payload.message || t('chat.imageAlt')} loading="lazy" />
        </a>
      ) : (
        <video
          className="chat-media"
          src={src}
          controls
          preload="metadata"
          aria-label={payload.message || t('chat.video')}
        />
      )}
      {payload.message && <p className="chat-text">{payload.message}</p>}
    </>
  );
}

function Body({ message, onPostback }: { message: ShownMessage; onPostback: Postback }) {
  const body = message.message;
  // Every text is a React text node: HTML or script in a message shows as the characters it is.
  switch (body.message_type) {
    case 'text':
      return <p className="chat-text">{body.payload.text}</p>;
    case 'postback':
      return <p className="chat-text">{body.payload.title}</p>;
    case 'buttons':
      return (
        <>
          <p className="chat-text">{body.payload.text}</p>
          <ButtonList buttons={body.payload.buttons} onPostback={onPostback} />
        </>
      );
    case 'quick_replies':
      return <p className="chat-text">{body.payload.text}</p>;
    case 'media':
      return <Media message={message} payload={body.payload} />;
    case 'generic':
      return null;
  }
}

function Cards({
  body,
  onPostback,
}: {
  body: Extract<ChatMessageBody, { message_type: 'generic' }>;
  onPostback: Postback;
}) {
  const { t } = useTranslation();
  return (
    <ul className="chat-cards" aria-label={t('chat.cards')}>
      {body.payload.elements.map((element, i) => {
        const image = safeUrl(element.imageUrl);
        return (
          <li key={i} className="chat-card">
            {image && <img src={image} alt="" loading="lazy" />}
            <div className="chat-card__body">
              <strong>{element.title}</strong>
              {element.subtitle && <span>{element.subtitle}</span>}
            </div>
            {!!element.buttons?.length && <ButtonList buttons={element.buttons} onPostback={onPostback} />}
          </li>
        );
      })}
    </ul>
  );
}

function Delivery({ message, onRetry, last }: { message: ShownMessage; onRetry: () => void; last: boolean }) {
  const { t } = useTranslation();
  switch (message.status) {
    case 'uploading_file': {
      const percent = Math.round((message.progress ?? 0) * 100);
      return (
        <div className="chat-delivery">
          <div
            className="chat-progress"
            role="progressbar"
            aria-label={t('chat.uploadProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div style={{ width: `${percent}%` }} />
          </div>
          <span>{t('chat.status.uploading_file', { percent })}</span>
        </div>
      );
    }
    case 'sending':
      return <div className="chat-delivery">{t('chat.status.sending')}</div>;
    case 'failed':
      return (
        <div className="chat-delivery chat-delivery--failed">
          <IconAlertCircle size={14} aria-hidden />
          <span>{t('chat.status.failed')}</span>
          <button type="button" onClick={onRetry}>
            <IconRefresh size={14} aria-hidden />
            {t('chat.retry')}
          </button>
        </div>
      );
    case 'succeed':
      // Only the newest of ours says it arrived (or was read): the ones above it did too.
      if (!last) return null;
      return (
        <div className="chat-delivery">
          {message.readAt ? <IconChecks size={14} aria-hidden /> : <IconCheck size={14} aria-hidden />}
          <span>{t(message.readAt ? 'chat.status.read' : 'chat.status.succeed')}</span>
        </div>
      );
  }
}

export interface MessageItemProps {
  message: ShownMessage;
  /** The newest of the customer's messages (its delivery shows). */
  lastOwn: boolean;
  /** Quick replies show under the operator's newest message until the customer answers. */
  showReplies: boolean;
  /** The first of a run of the other side's messages says who wrote it. */
  showName: boolean;
  onPostback: Postback;
  onRetry: (key: string) => void;
}

/** CHAT-4: one message, by type, with its delivery state when it is the customer's. */
export function MessageItem({
  message,
  lastOwn,
  showReplies,
  showName,
  onPostback,
  onRetry,
}: MessageItemProps) {
  const { t } = useTranslation();
  const own = message.sender === 'customer';
  const body = message.message;
  // The operator's name on a message is the operator token's label, an internal name: the customer reads
  // "Support" in their language. The bot names itself in the customer's language.
  const who = own
    ? t('chat.you')
    : message.sender === 'bot'
      ? message.name || t('chat.bot')
      : t('chat.operator');
  return (
    <li
      className={`chat-row ${own ? 'chat-row--own' : 'chat-row--their'}`}
      data-status={message.status}
      data-seq={message.seq}
      data-testid="chat-message"
    >
      {showName && !own && (
        <span className="chat-name" aria-hidden>
          {who}
        </span>
      )}
      {body.message_type === 'generic' ? (
        <Cards body={body} onPostback={onPostback} />
      ) : (
        <div className={`chat-bubble chat-bubble--${body.message_type}`}>
          <span className="chat-sr">{who}: </span>
          <Body message={message} onPostback={onPostback} />
        </div>
      )}
      {showReplies && body.message_type === 'quick_replies' && (
        <div className="chat-replies" role="group" aria-label={t('chat.quickReplies')}>
          {body.payload.replies.map((reply, i) => (
            <button
              key={i}
              type="button"
              className="chat-chip"
              onClick={() => onPostback(reply.title, reply.payload)}
            >
              {reply.title}
            </button>
          ))}
        </div>
      )}
      <div className="chat-meta">
        <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        {own && <Delivery message={message} last={lastOwn} onRetry={() => onRetry(message.key)} />}
      </div>
    </li>
  );
}
