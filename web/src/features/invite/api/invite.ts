import { invite, PAGE_SIZE } from '@krapao/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { inviteKeys } from './keys';

/** INV-1: POST /api/invite {page, limit: 10} -> {total, invites}, newest first. */
export const listInvitees = (page: number, signal?: AbortSignal) =>
  callApi(invite.list, { page, limit: PAGE_SIZE.invite }, { signal });

export const inviteQueries = {
  page: (page: number) =>
    queryOptions({
      queryKey: inviteKeys.page(page),
      queryFn: ({ signal }) => listInvitees(page, signal),
      // What an invitee earned grows as they play: asked each time the modal opens.
      staleTime: 0,
      placeholderData: keepPreviousData,
    }),
  banners: () =>
    queryOptions({
      queryKey: inviteKeys.banners(),
      queryFn: ({ signal }) => callApi(invite.banners, undefined, { signal }),
      staleTime: 5 * 60_000,
    }),
};

export const useInvitees = (page: number) => useQuery(inviteQueries.page(page));
export const useInviteBanners = () => useQuery(inviteQueries.banners());

/**
 * INV-1: GET /api/invite/bonus collects the commission as a reward; the caller refreshes the wallet
 * (its balance and invite summary), this the invitee list.
 */
export function useCollectInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(invite.collect),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all() }),
  });
}

/** SH-5: the member's invite link, /register?code=PR<user id>, on this site. */
export function inviteLink(publicId: string): string {
  return `${window.location.origin}${invite.inviteLinkPath(publicId)}`;
}
