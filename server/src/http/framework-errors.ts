import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@krapao/contract';
import { API_CACHE_CONTROL, fixedSecurityHeaders, isApiPath, securityHeaders } from './security-headers.ts';

/**
 * The failures Fastify answers before any route or hook runs kept their own words and no security
 * headers: FST_ERR_BAD_URL (400, echoing the URL back), FST_ERR_MAX_PARAM_LENGTH (414, a path
 * parameter over 100 characters). They are answered here as every failure is, { message: CODE }, with
 * the same headers.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : err.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  const code: ErrorCode = status === 500 ? 'INTERNAL_SERVER_ERROR' : 'INVALID_REQUEST';
  req.log.info({ code: err.code, status }, 'request refused');
  securityHeaders(req.raw, reply.raw, () => undefined);
  if (isApiPath(req.raw.url)) reply.raw.setHeader('cache-control', API_CACHE_CONTROL);
  void reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ message: code }));
}

/**
 * What Node's HTTP parser refuses before there is a request (headers over 16 KB: 431; a request that
 * timed out: 408; bytes that are not HTTP: 400) is written to the socket here, in the contract's shape
 * and with the security headers, instead of Fastify's default body; then the connection closes.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ message: 'INVALID_REQUEST' satisfies ErrorCode });
  if (socket.writable) {
    const headers = [
      ...fixedSecurityHeaders,
      ['Cache-Control', API_CACHE_CONTROL],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Content-Length', String(Buffer.byteLength(body))],
      ['Connection', 'close'],
    ];
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        headers.map(([k, v]) => `${k}: ${v}\r\n`).join('') +
        `\r\n${body}`,
    );
  }
  socket.destroy(err);
}
