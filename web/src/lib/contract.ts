// The endpoint schemas (and zod with them) load on the first call instead of with the page: the
// /login budget (200 KB gzip) cannot carry them. Answers are still parsed with the contract's schemas.
export const loadContract = () => import('./contract-endpoints');
