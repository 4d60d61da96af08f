import { randomBytes } from 'node:crypto';
import { toBaht } from '@krapao/contract';
import { webhookOutbox } from './webhook-outbox.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '@krapao/contract';
import type { Clock } from '../lib/clock.ts';
import { lapnetPayload, type LapnetMerchant } from '../payments/lapnet.ts';
import { promptPayBillPayload } from '../payments/promptpay.ts';
import { isoTime, minorText, optionalBody, simText } from './sim-http.ts';

/**
 * The simulated QR payment gateways: the Thai ones (WW, PAYTIMZ, PAYONEX, ZPAY and the operator's KBANK
 * QR), whose QRs are real Thai QR Payment payloads in baht, and ONEPAY, a BCEL OnePay-style Lao gateway
 * whose QRs are real Lao QR (LAPNet) payloads in kip. Each gateway collects one currency and refuses an
 * order in another. A QR is payable until it expires. Paying one (a test, or a person on the sandbox page
 * at /sim/gateway) calls Krapao's webhook, signed, and keeps retrying until Krapao answers 2xx, as real
 * gateways do: a callback lost to a crash arrives later.
 */
export interface SimGatewayOptions {
  secret: string;
  clock: Clock;
  /** How often an undelivered callback is sent again. */
  retryMs?: number;
}

/**
 * Each simulated Thai gateway's PromptPay biller id (a 13-digit tax id and a 2-digit suffix). Its QRs are
 * bill payments whose Ref1 is the gateway's reference for the QR, as real gateways issue them: two QRs of
 * one amount then never share a payload, so a payment always finds its own order.
 */
const BILLER_IDS: Record<string, string> = {
  KBANK: '010556000000100',
  WW: '010556123456700',
  PAYTIMZ: '010556234567800',
  PAYONEX: '010556345678900',
  ZPAY: '010556456789000',
};

/**
 * The Lao gateways' LAPNet merchant accounts. The IIN and merchant id are made up (the acquiring bank
 * assigns real ones); 5816 is the category of digital games. Their QRs carry our order id as the bill
 * number and the gateway's reference as the reference label, so two QRs of one amount never share a
 * payload either.
 */
const LAPNET_MERCHANTS: Record<string, LapnetMerchant> = {
  ONEPAY: { iin: '99990418', paymentType: '002', merchantId: 'KRAPAOLAO001', mcc: '5816' },
};

/** The currency a gateway collects; an order in another is refused. */
const currencyOf = (provider: string) =>
  provider in LAPNET_MERCHANTS ? 'LAK' : provider in BILLER_IDS ? 'BAHT' : undefined;

const CURRENCY_NAMES = { BAHT: 'THB', LAK: 'LAK' } as const;

/** What Krapao's gateway adapter (providers/payments/http-gateway.ts) sends for a new QR. */
const qrBody = z.object({
  provider: simText(16),
  orderId: simText(64),
  currency: z.enum(['BAHT', 'LAK']),
  amountMinor: minorText,
  expiresAt: isoTime,
  callbackUrl: text().url().max(500),
});
const byRef = { params: z.object({ ref: simText(64) }) };

interface SimQr {
  gatewayRef: string;
  provider: string;
  orderId: string;
  currency: 'BAHT' | 'LAK';
  amountMinor: string;
  payload: string;
  expiresAt: string;
  callbackUrl: string;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  transactionId?: string;
  paidAt?: string;
}

export const simGateway: FastifyPluginAsync<SimGatewayOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const qrs = new Map<string, SimQr>();
  const outbox = webhookOutbox(app, { secret: opts.secret, retryMs: opts.retryMs });

  /** Tells Krapao the QR was paid; the first message is kept and resent until acknowledged. */
  const deliver = (qr: SimQr) =>
    outbox.send(
      qr.gatewayRef,
      qr.callbackUrl,
      JSON.stringify({
        orderId: qr.orderId,
        transactionId: qr.transactionId,
        amount: toBaht(BigInt(qr.amountMinor)),
        status: 'PAID',
        paidAt: qr.paidAt,
      }),
    );

  app.post('/qrcodes', { schema: { body: qrBody } }, async (req, reply) => {
    const { provider, orderId, currency, amountMinor, expiresAt, callbackUrl } = req.body;
    const collects = currencyOf(provider);
    if (!collects) return reply.code(400).send({ message: 'UNKNOWN_PROVIDER' });
    if (currency !== collects) return reply.code(400).send({ message: 'CURRENCY_NOT_SUPPORTED' });
    const gatewayRef = `GW${randomBytes(6).toString('hex').toUpperCase()}`;
    const lapnet = LAPNET_MERCHANTS[provider];
    const qr: SimQr = {
      gatewayRef,
      provider,
      orderId,
      currency,
      amountMinor,
      payload: lapnet
        ? lapnetPayload({
            ...lapnet,
            amountMinor: BigInt(amountMinor),
            billNumber: orderId,
            referenceLabel: gatewayRef,
          })
        : promptPayBillPayload({
            billerId: BILLER_IDS[provider]!,
            ref1: gatewayRef,
            ref2: orderId,
            amount: toBaht(BigInt(amountMinor)),
          }),
      expiresAt,
      callbackUrl,
      status: 'OPEN',
    };
    qrs.set(qr.gatewayRef, qr);
    return { gatewayRef: qr.gatewayRef, payload: qr.payload };
  });

  app.delete('/qrcodes/:ref', { schema: byRef }, async (req, reply) => {
    const qr = qrs.get(req.params.ref);
    if (!qr) return reply.code(404).send({ message: 'NOT_FOUND' });
    if (qr.status === 'OPEN') qr.status = 'CANCELLED';
    return { status: qr.status };
  });

  app.get('/qrcodes', async () =>
    [...qrs.values()].reverse().map((qr) => ({ ...qr, delivered: outbox.delivered(qr.gatewayRef) })),
  );

  /** The payer's bank pays the QR: the gateway records the payment and tells Krapao. */
  async function pay(ref: string) {
    const qr = qrs.get(ref);
    if (!qr) return { code: 404, body: { message: 'NOT_FOUND' } };
    if (qr.status === 'CANCELLED') return { code: 409, body: { message: 'CANCELLED' } };
    if (qr.status === 'OPEN' && opts.clock.now() >= new Date(qr.expiresAt)) {
      return { code: 410, body: { message: 'EXPIRED' } };
    }
    if (qr.status === 'OPEN') {
      qr.status = 'PAID';
      qr.transactionId = `TXN${randomBytes(8).toString('hex').toUpperCase()}`;
      qr.paidAt = opts.clock.now().toISOString();
    }
    const callback = await deliver(qr);
    return { code: 200, body: { ...qr, callback } };
  }

  app.post('/qrcodes/:ref/pay', { schema: byRef }, async (req, reply) => {
    const { code, body } = await pay(req.params.ref);
    return reply.code(code).send(body);
  });

  /** Pays whichever open QR carries this exact payload: what scanning it with a banking app does. */
  app.post('/scan', { schema: { body: z.object({ payload: simText(512) }) } }, async (req, reply) => {
    const qr = [...qrs.values()].find((q) => q.payload === req.body.payload && q.status === 'OPEN');
    if (!qr) return reply.code(404).send({ message: 'NOT_FOUND' });
    const { code, body } = await pay(qr.gatewayRef);
    return reply.code(code).send(body);
  });

  // The sandbox: a plain page listing open QRs with a Pay button each, for a person trying the demo.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post(
    '/sandbox/pay',
    { schema: { body: optionalBody({ ref: simText(64).optional() }) } },
    async (req, reply) => {
      await pay(req.body?.ref ?? '');
      return reply.redirect(`${app.prefix}/`);
    },
  );
  app.get('/', async (_req, reply) => {
    const now = opts.clock.now();
    const rows = [...qrs.values()]
      .reverse()
      .map((qr) => {
        const open = qr.status === 'OPEN' && now < new Date(qr.expiresAt);
        const state = open ? 'OPEN' : qr.status === 'OPEN' ? 'EXPIRED' : qr.status;
        const action = open
          ? `<form method="post" action="sandbox/pay"><input type="hidden" name="ref" value="${qr.gatewayRef}"><button>Pay</button></form>`
          : '';
        return `<tr><td>${qr.provider}</td><td>${toBaht(BigInt(qr.amountMinor)).toFixed(2)} ${CURRENCY_NAMES[qr.currency]}</td><td>${state}</td><td><code>${qr.orderId}</code></td><td>${action}</td></tr>`;
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>QR gateway sandbox</title>` +
          `<h1>QR gateway sandbox</h1><p>Pay a member's QR as their banking app would.</p>` +
          `<table border="1" cellpadding="6"><tr><th>Provider</th><th>Amount</th><th>Status</th><th>Order</th><th></th></tr>${rows}</table>`,
      );
  });
};
