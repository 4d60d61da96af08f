import { consoleProgrammes as api, type Endpoint } from '@krapao/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { consoleCall } from '../../api/client';

// The programmes' and settings' reads and writes (contract console-programmes.ts). Keys start with
// 'console' so that signing out clears them; a save puts the server's answer in place of the read.
type Read = Endpoint<undefined, z.ZodType>;
const key = (e: Read) => ['console', 'programmes', e.path] as const;

export function useConsoleRead<E extends Read>(e: E, enabled = true) {
  return useQuery({
    queryKey: key(e),
    queryFn: ({ signal }) => consoleCall(e, undefined, { signal }),
    enabled,
  });
}

/** A write whose answer replaces `read`'s data (the wheel, the rules) or refreshes it (the lists). */
export function useConsoleWrite<W extends Endpoint>(
  e: W,
  read: Read,
  options: {
    params?: (body: z.input<NonNullable<W['body']>>) => Record<string, string>;
    replace?: boolean;
  } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<NonNullable<W['body']>>) =>
      consoleCall(e, body as never, options.params ? { params: options.params(body) } : {}),
    onSuccess: async (answer) => {
      if (options.replace) client.setQueryData(key(read), answer);
      else await client.invalidateQueries({ queryKey: key(read) });
    },
  });
}

export { api };
