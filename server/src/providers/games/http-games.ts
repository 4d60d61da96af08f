import { exactMinor } from '@krapao/contract';
import { requestJson } from '../../lib/http-json.ts';
import { signBody } from '../../lib/crypto.ts';
import { GameProviderError, type GameProvider, type TransferStatus } from './games.ts';

/**
 * A game aggregator's API over HTTP, every provider under /{provider}; the simulated aggregator in
 * sim/games.ts speaks it. Requests are signed as the real aggregators sign theirs, with a shared
 * key: X-Timestamp (ms) and X-Signature = "sha256=" + hex HMAC-SHA256 of "<timestamp>\n<METHOD>\n<path>\n<body>".
 * Amounts travel as decimal text with two decimals ("100.00"), as those APIs carry them.
 */
export function httpGames(opts: {
  baseUrl: () => string;
  secret: string;
  /** A transfer or account call; past it the outcome is unknown. */
  timeoutMs?: number;
}): GameProvider {
  const timeoutMs = opts.timeoutMs ?? 10_000;

  function send(method: 'GET' | 'POST', path: string, body?: unknown, callTimeoutMs = timeoutMs) {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Date.now());
    return requestJson(method, `${opts.baseUrl()}${path}`, {
      ...(body === undefined ? {} : { body }),
      headers: {
        'x-timestamp': timestamp,
        'x-signature': signBody(opts.secret, signedText(timestamp, method, path, payload)),
      },
      timeoutMs: callTimeoutMs,
    });
  }

  /** A non-money call: 2xx is done; 4xx is a definitive refusal with its code; anything else unknown. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown, callTimeoutMs?: number) {
    let res: { status: number; body: unknown };
    try {
      res = await send(method, path, body, callTimeoutMs);
    } catch {
      throw new GameProviderError('UNKNOWN', 'NO_ANSWER');
    }
    const answer = res.body as { code?: string } | null;
    if (res.status >= 200 && res.status < 300) return res.body;
    throw new GameProviderError(
      res.status >= 400 && res.status < 500 ? 'FAILED' : 'UNKNOWN',
      answer?.code ?? `HTTP_${res.status}`,
    );
  }

  const member = (provider: string, username: string) =>
    `/${encodeURIComponent(provider)}/members/${encodeURIComponent(username)}`;

  return {
    async createAccount(a) {
      await call('POST', `/${encodeURIComponent(a.provider)}/members`, {
        username: a.username,
        password: a.password,
        currency: a.currency,
      });
    },
    async resetPassword(a) {
      await call('POST', `${member(a.provider, a.username)}/password`, { password: a.password });
    },
    async balance(a, o) {
      const body = (await call(
        'GET',
        `${member(a.provider, a.username)}/balance`,
        undefined,
        o?.timeoutMs,
      )) as {
        balance?: string;
      } | null;
      const minor = body?.balance === undefined ? undefined : exactMinor(body.balance);
      if (minor === undefined || minor < 0n) throw new GameProviderError('UNKNOWN', 'BAD_ANSWER');
      return minor;
    },
    async transfer(t) {
      let res: { status: number; body: unknown };
      try {
        res = await send('POST', `/${encodeURIComponent(t.provider)}/transfers`, {
          username: t.username,
          reference: t.reference,
          type: t.direction === 'IN' ? 'deposit' : 'withdraw',
          amount: decimal(t.amountMinor),
          currency: t.currency,
        });
      } catch {
        // Timed out or cut off: the provider may or may not have moved it. Never guess.
        return { outcome: 'UNKNOWN' };
      }
      const body = res.body as { status?: string; code?: string } | null;
      if (res.status === 200 && body?.status === 'SUCCESS') return { outcome: 'SUCCESS' };
      if (res.status === 409 && body?.code === 'DUPLICATE_REFERENCE')
        return { outcome: 'DUPLICATE', code: body.code };
      // A definitive refusal is a 4xx the provider explains (insufficient balance, a closed account).
      if (res.status >= 400 && res.status < 500 && body?.status === 'FAILED')
        return { outcome: 'FAILED', code: body.code ?? `HTTP_${res.status}` };
      return { outcome: 'UNKNOWN' };
    },
    async transferStatus(provider, reference) {
      try {
        const res = await send(
          'GET',
          `/${encodeURIComponent(provider)}/transfers/${encodeURIComponent(reference)}`,
        );
        const status = (res.body as { status?: string } | null)?.status;
        if (res.status === 404 && status === 'NOT_FOUND') return 'NOT_FOUND';
        if (res.status === 200 && (status === 'SUCCESS' || status === 'PROCESSING' || status === 'FAILED'))
          return status as TransferStatus;
        return 'UNKNOWN';
      } catch {
        return 'UNKNOWN';
      }
    },
    async launchUrl(a) {
      const body = (await call('POST', `${member(a.provider, a.username)}/launch`, {
        language: a.language ?? 'th',
        ...(a.returnUrl ? { returnUrl: a.returnUrl } : {}),
      })) as { url?: string } | null;
      if (!body?.url) throw new GameProviderError('UNKNOWN', 'BAD_ANSWER');
      // The aggregator answers a path on itself; a real one answers an absolute URL.
      return new URL(body.url, `${opts.baseUrl()}/`).toString();
    },
    async bets(provider, cursor, limit) {
      const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
      const body = (await call('GET', `/${encodeURIComponent(provider)}/bets?${query}`)) as {
        rounds?: Array<{ roundId: string; username: string; bet: string; win: string; at: string }>;
        next?: string;
      } | null;
      if (!body?.rounds || typeof body.next !== 'string')
        throw new GameProviderError('UNKNOWN', 'BAD_ANSWER');
      return {
        next: body.next,
        rounds: body.rounds.map((r) => {
          const betMinor = exactMinor(r.bet);
          const winMinor = exactMinor(r.win);
          if (betMinor === undefined || winMinor === undefined)
            throw new GameProviderError('UNKNOWN', 'BAD_ANSWER');
          return { roundId: r.roundId, username: r.username, betMinor, winMinor, at: new Date(r.at) };
        }),
      };
    },
  };
}

/** What a request's signature covers: its time, method, path (with the query) and exact body. */
export const signedText = (timestamp: string, method: string, path: string, body: string) =>
  `${timestamp}\n${method}\n${path}\n${body}`;

/** Minor units as the providers' decimal text: 12345n -> "123.45". */
export const decimal = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
