import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { IDLE_CONNECTION_MS, requestJson } from '../src/lib/http-json.ts';

// How Krapao calls its providers (lib/http-json.ts): kept-alive connections, let go before the far side
// would close them, so no request is sent on a connection that is being closed.

/**
 * A provider's HTTP/1.1 server that keeps connections open for ever and says nothing of it (no
 * Keep-Alive header): it answers every request `{"ok":n}` and records its connections and their ends.
 */
async function quietKeepAliveServer() {
  const connections: Array<{ socket: Socket; requests: number; endedByClient: Promise<unknown> }> = [];
  const server = createServer((socket) => {
    const connection = { socket, requests: 0, endedByClient: once(socket, 'end') };
    connections.push(connection);
    let seen = '';
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      // Each test request is small and sent whole: a head, then a body of content-length bytes.
      for (;;) {
        const headEnd = seen.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(seen.slice(0, headEnd))?.[1] ?? 0);
        if (seen.length < headEnd + 4 + length) return;
        seen = seen.slice(headEnd + 4 + length);
        connection.requests++;
        const body = JSON.stringify({ ok: connection.requests });
        socket.write(
          `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
        );
      }
    });
    socket.on('end', () => socket.end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, connections, close: () => server.close() };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('provider calls over kept-alive connections', () => {
  it('[REG-3] a connection is kept for the next call, then closed by Krapao once idle, before the provider would close it', async () => {
    const provider = await quietKeepAliveServer();
    close = provider.close;
    const sms = { to: '0812345678', text: 'Krapao code 123456' };
    expect(await requestJson('POST', `${provider.base}/messages`, { body: sms })).toEqual({
      status: 200,
      body: { ok: 1 },
    });
    expect(await requestJson('POST', `${provider.base}/messages`, { body: sms })).toEqual({
      status: 200,
      body: { ok: 2 },
    });
    // Both calls went over one connection...
    expect(provider.connections).toHaveLength(1);
    // ...which Krapao closes itself once it has sat idle: without that, it stays open until the provider
    // closes it, and a call sent at that instant is lost (ECONNRESET, the OTP_SEND_FAIL a browser test met).
    const idleFrom = Date.now();
    await provider.connections[0]!.endedByClient;
    expect(Date.now() - idleFrom).toBeGreaterThanOrEqual(IDLE_CONNECTION_MS - 100);
    // A call after that opens a new connection and is answered.
    expect(await requestJson('POST', `${provider.base}/messages`, { body: sms })).toEqual({
      status: 200,
      body: { ok: 1 },
    });
    expect(provider.connections).toHaveLength(2);
  });
});
