import { games, type GameAccountDetail } from '@krapao/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { gameKeys } from './keys';

/** GAME-1: GET /api/wallet/account/{code}: the member's username and password there; SLOT_NO_ACCOUNT before. */
export const getGameAccount = (code: string, signal?: AbortSignal): Promise<GameAccountDetail> =>
  callApi(games.account, undefined, { params: { code }, signal });

export const gameAccountQuery = (code: string) =>
  queryOptions({
    queryKey: gameKeys.account(code),
    queryFn: ({ signal }) => getGameAccount(code, signal),
    staleTime: 30_000,
  });

/** GAME-1: loads the account only when the member has one (`active`). */
export const useGameAccount = (code: string, active: boolean) =>
  useQuery({ ...gameAccountQuery(code), enabled: active });
