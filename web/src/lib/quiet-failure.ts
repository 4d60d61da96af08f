import { errorCode } from './api-client';

/**
 * ERR-3: a wallet refresh that fails is only logged: the balances already shown stay, and the next
 * refresh (the button, a realtime nudge, the next page) asks again. The console keeps the code for
 * whoever helps the member.
 */
export function logQuietFailure(what: string, error: unknown): void {
  console.error(`${what} failed: ${errorCode(error)}`, error);
}
