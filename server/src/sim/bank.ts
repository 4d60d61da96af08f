import { randomInt } from 'node:crypto';
import { webhookOutbox } from './webhook-outbox.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountSchema, deposits, text } from '@krapao/contract';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { BANKS } from '../db/seed.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { slipQrPayload } from '../payments/slip-qr.ts';
import { isoTime, minorText, optionalBody, simText } from './sim-http.ts';

/**
 * The simulated bank: it pays withdrawals (once per reference, with fault injection) and lets a person
 * or a test make a transfer into one of the operator's accounts, which it reports to Krapao's bank-feed
 * webhook, signed, as the operator's bank-statement integration would. It also draws the transfer's slip
 * with its slip-verification QR, and answers the transaction inquiry a slip verifier makes.
 */
export interface SimBankOptions {
  /** Where to deliver bank-feed lines: Krapao's own webhook. */
  feedUrl: () => string;
  feedSecret: string;
  /** The time of a transfer made without `transferredAt`; the server's clock when mounted in it. */
  clock?: Clock;
  /** How often an unacknowledged bank-feed line is sent again. */
  retryMs?: number;
}

const PAYOUT_MODES = ['pay', 'fail', 'timeout'] as const;
const VERIFY_MODES = ['ok', 'down', 'late'] as const;
type PayoutMode = (typeof PAYOUT_MODES)[number];
type VerifyMode = (typeof VERIFY_MODES)[number];

const configBody = optionalBody({
  payoutMode: z.enum(PAYOUT_MODES).optional(),
  verifyMode: z.enum(VERIFY_MODES).optional(),
});
/** What Krapao's payout adapter (providers/payouts/http-payouts.ts) sends. */
const payoutBody = z.object({
  reference: simText(64),
  amountMinor: minorText,
  accountNo: simText(30),
  bankCode: simText(10).optional(),
  accountName: simText(200).optional(),
});
const transferBody = z.object({
  fromBankCode: simText(10),
  fromAccountNo: simText(30),
  toAccountNo: simText(30),
  amount: amountSchema,
  reference: simText(64).optional(),
  sendingBank: text()
    .regex(/^\d{3}$/)
    .optional(),
  transferredAt: isoTime.optional(),
  report: z.boolean().optional(),
});
const byTransRef = { params: z.object({ transRef: simText(64) }) };

interface SimTransfer {
  /** The bank-feed reference: the transRef. */
  reference: string;
  transRef: string;
  /** 3-digit clearing code of the sending bank, as printed in the slip's QR. */
  sendingBank: string;
  fromBankCode: string;
  fromAccountNo: string;
  toAccountNo: string;
  amount: number;
  transferredAt: string;
  /** Where the slip picture is, under this app. */
  slipUrl: string;
  /** The feed's reason when Krapao refused the line (it needs a corrected line, never a resend). */
  feedRejected?: string;
}

/** Short code -> 3-digit clearing code: public knowledge every Thai bank has (reference §2 "Bank codes"). */
const CLEARING_CODES = new Map(BANKS.filter((b) => b[1]).map(([code, clearing]) => [code, clearing]));

/**
 * A transaction reference as Thai banks print them: the transfer's date and time in Bangkok
 * (yyyyMMddHHmmss) and six random digits, 20 characters.
 */
function newTransRef(at: Date): string {
  const bangkok = new Date(at.getTime() + 7 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${bangkok}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

export const simBank: FastifyPluginAsync<SimBankOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const payouts = new Map<string, { status: 'PAID' | 'FAILED'; amountMinor: string; accountNo: string }>();
  const transfers: SimTransfer[] = [];
  const byRef = new Map<string, SimTransfer>();
  let payoutMode: PayoutMode = 'pay';
  let verifyMode: VerifyMode = 'ok';

  /**
   * payoutMode: how payouts go. verifyMode 'down' makes the transaction inquiry answer 503; 'late' makes it
   * not know any transfer yet (404), as a bank that reports transfers minutes after they happen.
   */
  app.post('/config', { schema: { body: configBody } }, async (req) => {
    if (req.body?.payoutMode) payoutMode = req.body.payoutMode;
    if (req.body?.verifyMode) verifyMode = req.body.verifyMode;
    return { payoutMode, verifyMode };
  });

  // Like a real statement integration, lines Krapao did not acknowledge are sent again. A line Krapao
  // answered REJECTED is acknowledged too (sending the same bytes again cannot help) and logged for the
  // bank's people to correct, and the transfer says why.
  const outbox = webhookOutbox(app, {
    secret: opts.feedSecret,
    retryMs: opts.retryMs,
    onAnswer: (reference, _status, body) => {
      const answer = deposits.bankFeed.response.safeParse(body);
      for (const line of answer.data?.results ?? []) {
        if (line.outcome !== 'REJECTED') continue;
        const transfer = byRef.get(reference);
        if (transfer) transfer.feedRejected = line.reason ?? 'REJECTED';
        app.log.warn({ reference, reason: line.reason }, 'Krapao rejected a bank-feed line');
      }
    },
  });

  /** Reports a transfer to Krapao's bank-feed webhook, signed, as a bank-statement integration would. */
  async function report(t: SimTransfer) {
    const item = {
      reference: t.reference,
      fromBankCode: t.fromBankCode,
      fromAccountNo: t.fromAccountNo,
      toAccountNo: t.toAccountNo,
      amount: t.amount,
      receivedAt: t.transferredAt,
    };
    const feed = await outbox.send(t.reference, opts.feedUrl(), JSON.stringify({ items: [item] }));
    return { ok: feed.status >= 200 && feed.status < 300, body: feed.body };
  }

  app.post('/payouts', { schema: { body: payoutBody } }, async (req, reply) => {
    const { reference, amountMinor, accountNo } = req.body;
    const known = payouts.get(reference);
    if (known) return known; // the same reference is paid at most once
    if (payoutMode === 'timeout') {
      // Pays, but the answer never arrives in time: the caller must reconcile by reference.
      payouts.set(reference, { status: 'PAID', amountMinor, accountNo });
      return reply.code(504).send({ message: 'gateway timeout' });
    }
    const outcome = {
      status: payoutMode === 'pay' ? ('PAID' as const) : ('FAILED' as const),
      amountMinor,
      accountNo,
    };
    payouts.set(reference, outcome);
    return payoutMode === 'pay' ? outcome : { ...outcome, reason: 'DEST_ACC_INVALID' };
  });

  app.get(
    '/payouts/:reference',
    { schema: { params: z.object({ reference: simText(64) }) } },
    async (req, reply) => {
      const known = payouts.get(req.params.reference);
      return known ?? reply.code(404).send({ message: 'NOT_FOUND' });
    },
  );
  app.get('/payouts', async () => Object.fromEntries(payouts));

  /**
   * A member's transfer into the operator's account. The bank gives it a transaction reference (transRef,
   * also its bank-feed reference) and reports it to Krapao like a real statement line, unless `report` is
   * false: the feed missed it, which is when members upload the slip. `transferredAt` backdates it (tests
   * of the one-hour rule); `sendingBank` overrides the 3-digit clearing code of `fromBankCode`.
   */
  app.post('/transfers', { schema: { body: transferBody } }, async (req, reply) => {
    const b = req.body;
    const at = b.transferredAt ? new Date(b.transferredAt) : (opts.clock ?? systemClock).now();
    const sendingBank = b.sendingBank ?? CLEARING_CODES.get(b.fromBankCode) ?? '000';
    let transRef = b.reference ?? newTransRef(at);
    while (!b.reference && byRef.has(transRef)) transRef = newTransRef(at);
    const transfer: SimTransfer = {
      reference: transRef,
      transRef,
      sendingBank,
      fromBankCode: b.fromBankCode,
      fromAccountNo: b.fromAccountNo,
      toAccountNo: b.toAccountNo,
      amount: b.amount,
      transferredAt: at.toISOString(),
      slipUrl: `${app.prefix}/transfers/${encodeURIComponent(transRef)}/slip.png`,
    };
    byRef.set(transRef, transfer);
    transfers.unshift(transfer);
    if (b.report === false) return { ...transfer, feed: null };
    const feed = await report(transfer);
    return reply.code(feed.ok ? 200 : 502).send({ ...transfer, feed: feed.body });
  });

  /** The feed catches up: reports a transfer made with `report: false` (or reports one again). */
  app.post('/transfers/:transRef/report', { schema: byTransRef }, async (req, reply) => {
    const transfer = byRef.get(req.params.transRef);
    if (!transfer) return reply.code(404).send({ message: 'NOT_FOUND' });
    const feed = await report(transfer);
    return reply.code(feed.ok ? 200 : 502).send({ ...transfer, feed: feed.body });
  });

  /**
   * The receiving bank's transaction inquiry (as SCB's `GET /transactions/{transRef}?sendingBank=`), which
   * the slip verifier asks: only a transfer known under both the reference and the sending bank is found.
   */
  app.get(
    '/transfers/:transRef',
    { schema: { ...byTransRef, querystring: z.object({ sendingBank: simText(3).optional() }) } },
    async (req, reply) => {
      if (verifyMode === 'down') return reply.code(503).send({ message: 'service unavailable' });
      const t = verifyMode === 'late' ? undefined : byRef.get(req.params.transRef);
      if (!t || t.sendingBank !== req.query.sendingBank)
        return reply.code(404).send({ message: 'NOT_FOUND' });
      return {
        transRef: t.transRef,
        sendingBank: t.sendingBank,
        amount: t.amount,
        sender: { bankCode: t.sendingBank, accountNo: t.fromAccountNo },
        receiver: { accountNo: t.toAccountNo },
        transferredAt: t.transferredAt,
      };
    },
  );

  /** The slip a banking app shows after the transfer, with its slip-verification QR (PNG or JPEG). */
  for (const ext of ['png', 'jpg'] as const) {
    app.get(`/transfers/:transRef/slip.${ext}`, { schema: byTransRef }, async (req, reply) => {
      const t = byRef.get(req.params.transRef);
      if (!t) return reply.code(404).send({ message: 'NOT_FOUND' });
      const image = renderSlip(t);
      const bytes = ext === 'png' ? PNG.sync.write(image) : jpeg.encode(image, 90).data;
      return reply
        .type(ext === 'png' ? 'image/png' : 'image/jpeg')
        .header('content-disposition', `inline; filename="slip-${t.transRef}.${ext}"`)
        .send(bytes);
    });
  }

  app.get('/transfers', async () =>
    transfers.map((t) => ({ ...t, delivered: outbox.delivered(t.reference) })),
  );
};

// ---------------------------------------------------------------------------------------------------
// The slip picture: a plain slip (bank colour, amount, time, accounts, reference) with the mini QR a
// verifier reads. Text is drawn with a 3x5 pixel font of digits and the few signs a slip needs.

type Rgb = readonly [number, number, number];
const INK: Rgb = [33, 37, 41];
const GREY: Rgb = [206, 212, 218];
const BANK_GREEN: Rgb = [19, 143, 45];
const GLYPHS: Record<string, string> = {
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '111001111100111',
  '3': '111001111001111',
  '4': '101101111001001',
  '5': '111100111001111',
  '6': '111100111101111',
  '7': '111001001001001',
  '8': '111101111101111',
  '9': '111101111001111',
  '.': '000000000000010',
  ',': '000000000010100',
  ':': '000010000010000',
  '-': '000000111000000',
  '/': '001001010100100',
};
const SLIP_WIDTH = 360;
const SLIP_HEIGHT = 560;

function renderSlip(t: SimTransfer): PNG {
  const png = new PNG({ width: SLIP_WIDTH, height: SLIP_HEIGHT });
  png.data.fill(255);
  const rect = (x: number, y: number, w: number, h: number, [r, g, b]: Rgb) => {
    for (let yy = Math.max(0, y); yy < Math.min(SLIP_HEIGHT, y + h); yy++) {
      for (let xx = Math.max(0, x); xx < Math.min(SLIP_WIDTH, x + w); xx++) {
        const i = (yy * SLIP_WIDTH + xx) * 4;
        png.data[i] = r;
        png.data[i + 1] = g;
        png.data[i + 2] = b;
        png.data[i + 3] = 255;
      }
    }
  };
  const text = (s: string, y: number, scale: number, x?: number) => {
    const left = x ?? Math.round((SLIP_WIDTH - s.length * 4 * scale) / 2);
    [...s].forEach((ch, n) => {
      const glyph = GLYPHS[ch];
      if (!glyph) return;
      for (let p = 0; p < 15; p++) {
        if (glyph[p] === '1')
          rect(left + (n * 4 + (p % 3)) * scale, y + Math.floor(p / 3) * scale, scale, scale, INK);
      }
    });
  };
  const bangkok = new Date(new Date(t.transferredAt).getTime() + 7 * 3_600_000).toISOString();
  const when = `${bangkok.slice(8, 10)}/${bangkok.slice(5, 7)}/${bangkok.slice(0, 4)} ${bangkok.slice(11, 16)}`;

  rect(0, 0, SLIP_WIDTH, 64, BANK_GREEN);
  rect(24, 24, 120, 16, [255, 255, 255]);
  text(t.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), 92, 7);
  text(when, 150, 3);
  rect(24, 186, SLIP_WIDTH - 48, 2, GREY);
  const lines: Array<[string, number]> = [
    [t.fromAccountNo, 3],
    [t.toAccountNo, 3],
    [t.transRef, 2],
  ];
  lines.forEach(([value, scale], n) => {
    const y = 206 + n * 36;
    rect(24, y, 64, 10, GREY);
    text(value, y + 14, scale, 24);
  });

  const qr = QRCode.create(slipQrPayload({ sendingBank: t.sendingBank, transRef: t.transRef }), {
    errorCorrectionLevel: 'M',
  });
  const module = 5;
  const size = qr.modules.size;
  const qrLeft = Math.round((SLIP_WIDTH - size * module) / 2);
  const qrTop = SLIP_HEIGHT - size * module - 40;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (qr.modules.get(r, c)) rect(qrLeft + c * module, qrTop + r * module, module, module, [0, 0, 0]);
    }
  }
  return png;
}
