import type { UserEvent } from '@testing-library/user-event';

/**
 * A field filled as a member pastes into it: one input event with the whole text, through the same
 * handlers as typing. For the fields a test passes on its way; tests of what typing does type. Typing each
 * key took most of the register and login tests' time.
 */
export async function pasteInto(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
