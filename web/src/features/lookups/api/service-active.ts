import type { Endpoint, lookups } from '@krapao/contract';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client';

type ServiceActive = z.output<(typeof lookups)['active']['response']>;

/**
 * SH-6: GET /api/lookup/active, asked on every visit to /login. Nothing else on /login needs the contract
 * before the member starts on the form, so this one answer is read without it: zod (about 23 KB gzip) and
 * the query cache stay off the first paint. The path is the contract's (a test holds them equal) and
 * anything but `active: false` counts as active, as a failed check always did.
 */
export const serviceActiveEndpoint = {
  method: 'GET',
  path: '/api/lookup/active',
  body: undefined,
  auth: false,
  // callApi only asks the schema to safeParse: this stand-in reads the one boolean.
  response: {
    safeParse: (data: unknown) => ({
      success: true,
      data: { active: (data as { active?: unknown } | null)?.active !== false },
    }),
  },
} as unknown as Endpoint<undefined, z.ZodType<ServiceActive>>;

/** Whether the service still runs, asked once per visit (never from a cache); undefined until it answers. */
export function useServiceActive(): ServiceActive | undefined {
  const [answer, setAnswer] = useState<ServiceActive>();
  useEffect(() => {
    const controller = new AbortController();
    callApi(serviceActiveEndpoint, undefined, { signal: controller.signal }).then(setAnswer, () => {
      // Unreachable or aborted: the visitor stays on /login, as before.
    });
    return () => controller.abort();
  }, []);
  return answer;
}
