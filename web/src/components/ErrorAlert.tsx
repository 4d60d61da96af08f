import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorText, i18n } from '../i18n';

interface ErrorAlertProps {
  code: string;
  retryAfterS?: number | undefined;
  /** What the member can do about it, after the words (a link to a new code). */
  children?: ReactNode;
}

/**
 * ERR-1: a server or client error code, in the member's words, under the form that caused it. With
 * `retryAfterS` (the server's Retry-After) a REQUEST_LIMIT says how long to wait (LOG-3, PRO-2).
 */
export function ErrorAlert({ code, retryAfterS, children }: ErrorAlertProps) {
  const text = refusalText(code, retryAfterS);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
      {text}
      {children}
    </Alert>
  );
}

/** A server's code in words; a REQUEST_LIMIT with the server's Retry-After says how long to wait. */
export function refusalText(code: string, retryAfterS?: number): string {
  return code === 'REQUEST_LIMIT' && retryAfterS !== undefined ? retryWaitText(retryAfterS) : errorText(code);
}

/** "Too many attempts. Try again in 12 minutes.": whole minutes rounded up, seconds under a minute. */
export function retryWaitText(seconds: number): string {
  if (seconds < 60) return i18n.t('retryWait.seconds', { count: Math.max(1, Math.ceil(seconds)) });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? i18n.t('retryWait.oneMinute') : i18n.t('retryWait.minutes', { count: minutes });
}
