import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { logIn, mockApi, type Handler } from './api';
import { renderApp } from './render';

/** The member's profile page with the dialog behind `button` open (each dialog is titled as its button). */
export async function openProfileDialog(button: string, handlers: Record<string, Handler> = {}) {
  logIn();
  const api = mockApi(handlers);
  const app = await renderApp('/user/profile');
  await app.user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: button });
  return { ...app, api, dialog };
}

/** PRO-2: the change-password dialog filled in (the new password confirmed as `confirm`) and saved. */
export async function savePasswordChange(user: UserEvent, dialog: HTMLElement, confirm = 'new-secret-1') {
  await user.type(within(dialog).getByLabelText('Current password'), 'old-secret');
  await user.type(within(dialog).getByLabelText('New password'), 'new-secret-1');
  await user.type(within(dialog).getByLabelText('Confirm new password'), confirm);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}
