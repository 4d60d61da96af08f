import { deposits, IDEMPOTENCY_HEADER } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * DEP-10: POST /api/wallet/truelink {link}: redeems a TrueMoney gift link into the wallet at once.
 * TRUELINK_INVALID, TRUELINK_DUPLICATE, TRUEWALLET_MINIMUM refuse it.
 */
export const redeemTruelink = ({ link, idempotencyKey }: { link: string; idempotencyKey: string }) =>
  callApi(deposits.redeemTruelink, { link }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** The caller refreshes the wallet and the statement on success (features meet in app/). */
export const useRedeemTruelink = () => useMutation({ mutationFn: redeemTruelink });
