import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Types a code into the code boxes (inside `container`, else the page), as a member does: first box, digits. */
export async function typeOtpCode(user: UserEvent, code: string, container?: HTMLElement) {
  const boxes = container ? within(container).getAllByRole('textbox') : screen.getAllByRole('textbox');
  await user.click(boxes[0]!);
  await user.keyboard(code);
}
