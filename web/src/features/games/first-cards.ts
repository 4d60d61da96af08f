import { GAME_CATEGORIES } from '@krapao/contract';

/** What the order of the home's cards reads of a game account (the contract's GameAccount has it). */
export interface CardSlot {
  category: string;
  active: boolean;
  background?: string;
}

/**
 * HOME-3: the home's carousels, one per category that has games, in GAME_CATEGORIES' order; in each the
 * member's own accounts first (stable: the operator's order otherwise). Plain code without React or the
 * schemas: the entry reads it too (app/first-screen.ts), before the app's code is here.
 */
export function carouselRows<S extends CardSlot>(slots: readonly S[]) {
  return GAME_CATEGORIES.map((category) => ({
    category,
    list: slots.filter((s) => s.category === category).sort((a, b) => Number(b.active) - Number(a.active)),
  })).filter((r) => r.list.length > 0);
}

/** On a phone the first two rows' first cards (about 2.2 a row) are in view at once. */
export const isFirstScreenCard = (row: number, index: number) => row < 2 && index < 3;

/** A picture of the first screen, and how urgently: the first row's are its largest paint. */
export interface FirstScreenPicture {
  href: string;
  priority: 'high' | 'low';
}

/**
 * The pictures of the cards in view at once (their backgrounds). The first row's are the screen's
 * largest paint and come first; of the second row a phone shows only the top, under the menu bar and
 * the deposit button, so its pictures wait for the first row's and the app's code on a slow link.
 */
export function firstScreenPictures(slots: readonly CardSlot[]): FirstScreenPicture[] {
  return carouselRows(slots).flatMap(({ list }, row) =>
    list.flatMap((slot, i): FirstScreenPicture[] =>
      isFirstScreenCard(row, i) && slot.background
        ? [{ href: slot.background, priority: row === 0 ? 'high' : 'low' }]
        : [],
    ),
  );
}
