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

/** The pictures of the cards in view at once (their backgrounds: the first screen's largest paint). */
export function firstScreenPictures(slots: readonly CardSlot[]): string[] {
  return carouselRows(slots).flatMap(({ list }, row) =>
    list.flatMap((slot, i) => (isFirstScreenCard(row, i) && slot.background ? [slot.background] : [])),
  );
}
