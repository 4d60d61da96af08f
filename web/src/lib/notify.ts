import { notifications } from '@mantine/notifications';
import { errorText } from '../i18n';
import { errorCode } from './api-client';

/** ERR-1: a red toast with the translated code, or the raw message. */
export function notifyError(error: unknown): void {
  notifications.show({
    color: 'red',
    title: undefined,
    message: errorText(errorCode(error)),
    withBorder: true,
  });
}

/** A green toast; toasts given the same id are shown once (one deposit heard from two sides). */
export function notifySuccess(message: string, options: { id?: string } = {}): void {
  notifications.show({ color: 'teal', message, withBorder: true, ...options });
}
