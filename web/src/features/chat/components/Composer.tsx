import { IconPaperclip, IconSend2 } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { CHAT_TEXT_MAX_LENGTH } from '../api/contract';
import { CHAT_FILE_ACCEPT } from '../files';

/** The counter shows from here on: most messages are short, and a number under each is noise. */
const COUNTER_FROM = CHAT_TEXT_MAX_LENGTH - 200;

export interface ComposerProps {
  onSend: (text: string) => boolean;
  onFile: (file: File) => void;
  /** Until we know who is chatting nothing can go (the text stays in the box). */
  disabled?: boolean;
}

/**
 * CHAT-5: the text (trimmed, at most 2000 characters: the counter turns red past it and Send refuses)
 * and the paperclip for a picture or a video. Enter sends; Shift+Enter is a new line.
 */
export function Composer({ onSend, onFile, disabled = false }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const length = text.trim().length;
  const tooLong = length > CHAT_TEXT_MAX_LENGTH;

  // The field grows with its text, up to about five lines.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 120)}px`;
  }, [text]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!length || tooLong || disabled) return;
    if (onSend(text)) setText('');
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      {length >= COUNTER_FROM && (
        <div className={`chat-counter${tooLong ? ' chat-counter--over' : ''}`} aria-live="polite">
          {tooLong
            ? t('chat.tooLong', { max: CHAT_TEXT_MAX_LENGTH })
            : t('chat.counter', { count: length, max: CHAT_TEXT_MAX_LENGTH })}
        </div>
      )}
      <div className="chat-composer__row">
        <button
          type="button"
          className="chat-icon-button"
          aria-label={t('chat.attach')}
          title={t('chat.attach')}
          disabled={disabled}
          onClick={() => picker.current?.click()}
        >
          <IconPaperclip size={22} stroke={1.8} />
        </button>
        <input
          ref={picker}
          type="file"
          accept={CHAT_FILE_ACCEPT}
          hidden
          data-testid="chat-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file can be picked again after a refusal or a failure.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <textarea
          ref={input}
          className="chat-input"
          rows={1}
          value={text}
          aria-label={t('chat.messageLabel')}
          aria-invalid={tooLong || undefined}
          placeholder={t('chat.placeholder')}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="chat-send"
          aria-label={t('chat.send')}
          title={t('chat.send')}
          disabled={!length || tooLong || disabled}
        >
          <IconSend2 size={20} stroke={2} />
        </button>
      </div>
    </form>
  );
}
