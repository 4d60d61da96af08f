import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { chat } from './contract';
import { chatKeys } from './keys';

const CONFIG_STALE_MS = 5 * 60_000;

/** CHAT-3: GET /api/chat/config: the room PREFIX, and whether a chat backend is configured at all. */
export const chatConfigQuery = () =>
  queryOptions({
    queryKey: chatKeys.config(),
    queryFn: ({ signal }) => callApi(chat.config, undefined, { signal }),
    staleTime: CONFIG_STALE_MS,
  });

export const useChatConfig = (enabled = true) => useQuery({ ...chatConfigQuery(), enabled });
