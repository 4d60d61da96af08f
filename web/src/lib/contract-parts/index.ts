/**
 * The contract's modules a member's first screen uses, in three parts: building their schemas took
 * about 60 ms of a desktop's CPU in the member chunk's one task (four times that on a phone, npm run
 * bench:web). Each part's module is a chunk with the contract modules it names (CONTRACT_PARTS in
 * web/scripts/chunk-groups.ts, in this order), so
 * app/first-screen.ts runs them one by one, each in a task of its own, before the member shell; the
 * member shell finds them run already. A module missing here still works: it runs with the member chunk.
 */
export const contractParts = [
  () => import('./accounts'),
  () => import('./wallet'),
  () => import('./programmes'),
] as const;
