import type { Wallet } from '@krapao/contract';
import { useQuery } from '@tanstack/react-query';
import { bahtToMinor } from '../../../lib/format';
import { walletQueries } from './queries';

/** BAL-1: the member's wallet, game accounts and total. */
/** BAL-1; `enabled` false keeps what is cached without fetching (e.g. the action drawer while closed). */
export function useWallet(enabled = true) {
  return useQuery({ ...walletQueries.detail(), enabled });
}

/** BAL-1: the figures the wallet card shows, in minor units. */
export function walletFigures(wallet: Wallet) {
  const mainMinor = bahtToMinor(wallet.wallet.amount);
  const gamesMinor = wallet.slots.reduce((sum, slot) => sum + bahtToMinor(slot.amount), 0);
  return {
    totalMinor: bahtToMinor(wallet.total),
    mainMinor,
    gamesMinor,
    /** TRF-2: money between the wallet and a game whose provider has not answered yet. */
    pendingMinor: bahtToMinor(wallet.pendingTransfers),
    currency: wallet.wallet.currency,
  };
}

/** BAL-2: the last sync time to show: the answer's, else the stored one until the answer arrives. */
export function lastSyncOf(wallet: Wallet | undefined, stored: string | null): string | null {
  return wallet ? wallet.lastSyncAt : stored;
}
