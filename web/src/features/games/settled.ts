import { useState } from 'react';

/**
 * TRF-2: a PENDING transfer has settled once a wallet read after the answer shows no money in transit
 * (the reconciler's wallet event makes the member shell read it again). A read from before the answer
 * says nothing: it predates the transfer.
 */
export function useTransferSettled(pendingMinor: number, walletUpdatedAt: number) {
  const [answeredAt, setAnsweredAt] = useState<number | null>(null);
  return {
    /** Call when the server answered PENDING. */
    markPending: () => setAnsweredAt(Date.now()),
    clear: () => setAnsweredAt(null),
    pending: answeredAt !== null,
    settled: answeredAt !== null && walletUpdatedAt > answeredAt && pendingMinor === 0,
  };
}
