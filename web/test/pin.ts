import { security } from '@krapao/contract';
import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { json, type Handler } from './api';

/** GET /api/account/pin: whether the member has a withdrawal PIN. */
export const pinStatus =
  (set: boolean): Handler =>
  () =>
    json(security.getPin.response.parse({ set, blockedUntil: null }));

export const TEST_PIN = '482915';

/** Types a PIN into six masked boxes (password inputs, no textbox role); a review's last digit confirms. */
export async function typePin(user: UserEvent, box: HTMLElement, pin: string) {
  const [first] = box.querySelectorAll('input');
  await user.click(first!);
  await user.keyboard(pin);
}

/** On the review screen a withdrawal shows before it is sent: the PIN confirms it. */
export async function confirmWithPin(user: UserEvent, dialog: HTMLElement = document.body, pin = TEST_PIN) {
  const review = await within(dialog).findByTestId('review-step');
  await typePin(user, within(review).getByTestId('review-pin'), pin);
  return review;
}
