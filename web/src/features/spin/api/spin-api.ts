import { IDEMPOTENCY_HEADER, spin } from '@krapao/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { walletKeys } from '../../../lib/wallet-keys';
import { keepCommitment, markSpun } from '../commitments';
import { spinKeys } from './keys';

/** A commitment received before its spin is kept for the verify view (../commitments.ts). */
const keep = (fair: spin.Fairness) =>
  keepCommitment(fair.clientSeed, fair.nextSpinNumber, fair.serverSeedHash);

/** SPIN-4: the active wheel, the member's coins and the commitment of their next spin. */
export const useSpinSetup = () =>
  useQuery({
    queryKey: spinKeys.setup(),
    queryFn: ({ signal }) =>
      callApi(spin.setup, undefined, { signal }).then((a) => {
        keep(a.result.fair);
        return a.result;
      }),
  });

/** SPIN-1: the member's coupons (the table pages them, 3 at a time). */
export const useCoupons = () =>
  useQuery({
    queryKey: spinKeys.coupons(),
    queryFn: ({ signal }) => callApi(spin.coupons, undefined, { signal }).then((a) => a.result),
  });

export const spinQueries = {
  /** HOME-1: whether the wheel is active (the spin-coin button shows only then). */
  active: () =>
    queryOptions({
      queryKey: spinKeys.active(),
      queryFn: ({ signal }) => callApi(spin.active, undefined, { signal }).then((a) => a.isActive),
      staleTime: 60_000,
    }),
};

export const useSpinActive = (enabled = true) => useQuery({ ...spinQueries.active(), enabled });

/** The latest spins with their revealed seeds, for the verify view. */
export const useSpinHistory = (enabled: boolean) =>
  useQuery({
    queryKey: spinKeys.spins(),
    queryFn: ({ signal }) => callApi(spin.spins, undefined, { signal }).then((a) => a.result),
    enabled,
  });

/**
 * SPIN-2: one coin, one draw. Each press has its own Idempotency-Key; when no answer came (a network
 * error or a timeout) the spin is sent once more with the same key, and the server answers the spin it
 * may already have made instead of taking a second coin.
 */
export async function spinOnce() {
  const headers = { [IDEMPOTENCY_HEADER]: newIdempotencyKey() };
  const send = () =>
    callApi(spin.spin, {}, { headers }).then((a) => {
      const { proof } = a.result;
      markSpun(proof.clientSeed, proof.spinNumber);
      keepCommitment(proof.clientSeed, proof.spinNumber + 1, a.result.nextServerSeedHash);
      return a.result;
    });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 0)) throw error;
    return send();
  }
}

export const useSpin = () => useMutation({ mutationFn: spinOnce });

/** SPIN-3: claims a coupon; the wheel (coins) and the coupons reload after. */
export function useClaimCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coupon: string) => callApi(spin.claim, { coupon }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: spinKeys.all() });
      // A credit lands in the wallet; coins change the wallet card's count.
      void queryClient.invalidateQueries({ queryKey: walletKeys.detail() });
    },
  });
}

/** The member's own client seed, used from their next spin. */
export function useSetClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed: string) =>
      callApi(spin.clientSeed, { clientSeed }).then((a) => {
        keep(a.fair);
        return a;
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spinKeys.setup() }),
  });
}
