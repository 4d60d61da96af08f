import { randomInt } from 'node:crypto';
import { webhookOutbox } from './webhook-outbox.ts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountSchema, CURRENCIES, deposits, text, type Currency } from '@krapao/contract';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { BANKS, HOUSE_ACCOUNTS, LAO_HOUSE_ACCOUNTS } from '../db/seed.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { oneProofPayload } from '../payments/bcel-oneproof.ts';
import { slipQrPayload } from '../payments/slip-qr.ts';
import { isoTime, minorText, optionalBody, simText } from './sim-http.ts';

/**
 * The simulated bank: it pays withdrawals (once per reference, with fault injection) and lets a person
 * or a test make a transfer into one of the operator's accounts, which it reports to Krapao's bank-feed
 * webhook, signed, as the operator's bank-statement integration would. It also draws the transfer's slip
 * with its slip-verification QR, and answers the transaction inquiry a slip verifier makes.
 * Money is baht between Thai banks and kip between Lao ones (BCEL, LDB, ...): a Lao bank's transfer is in
 * kip, and BCEL prints its OneProof receipt QR on the slip instead of the Thai mini QR. Payouts go in the
 * withdrawal's currency, to a bank of that currency's country only.
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
  currency: z.enum(CURRENCIES),
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
/** The sandbox page's transfer form: fields as text, the amount as typed (kip from a Lao bank). */
const sandboxTransferBody = z.object({
  fromBankCode: simText(10),
  fromAccountNo: simText(30),
  toAccountNo: simText(30),
  amount: text()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/)
    .transform(Number)
    .pipe(amountSchema),
  report: z.literal('on').optional(),
});

interface SimTransfer {
  /** The bank-feed reference: the transRef. */
  reference: string;
  /** The bank's transaction reference (at BCEL, the fccref its OneProof receipt carries). */
  transRef: string;
  /**
   * Who sent it, as the slip's QR names the bank: the 3-digit clearing code of a Thai bank, the short
   * code of a Lao one (they have no clearing code).
   */
  sendingBank: string;
  /** BAHT from a Thai bank, LAK (kip) from a Lao one; `amount` is in it. */
  currency: Currency;
  /** The QR printed on the slip: a Thai mini QR, a BCEL OneProof receipt, or none (other Lao banks). */
  slipQr: string | null;
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

/** Short code -> 3-digit clearing code: public knowledge every Thai bank has. */
const CLEARING_CODES = new Map(BANKS.filter((b) => b[1]).map(([code, clearing]) => [code, clearing]));
/** Short code -> the bank's country: what currency its accounts are in. */
const COUNTRIES = new Map(BANKS.map(([code, , , , country]) => [code, country]));
const CURRENCY_OF_COUNTRY = { TH: 'BAHT', LA: 'LAK' } as const satisfies Record<string, Currency>;
/** The operator's bank accounts the seed makes (BCEL in a Laos build), offered on the sandbox page. */
const HOUSE_BANK_ACCOUNTS = [...HOUSE_ACCOUNTS, ...LAO_HOUSE_ACCOUNTS].filter((a) => a.bankType === 'BANK');
/** The currency of an account at this bank: kip at a Lao bank, else baht. */
const currencyAt = (bankCode: string): Currency => CURRENCY_OF_COUNTRY[COUNTRIES.get(bankCode) ?? 'TH'];

/**
 * A transaction reference as Thai banks print them: the transfer's date and time in Bangkok
 * (yyyyMMddHHmmss) and six random digits, 20 characters.
 */
function newTransRef(at: Date): string {
  const bangkok = new Date(at.getTime() + 7 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${bangkok}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/**
 * A BCEL reference as its core banking (Flexcube) writes them, 16 characters: the branch (010), the
 * product (FTIB, an internet-banking transfer), the Julian date in Vientiane (yyDDD) and a sequence.
 */
function newFccRef(at: Date): string {
  const vientiane = new Date(at.getTime() + 7 * 3_600_000);
  const dayOfYear = Math.floor(
    (vientiane.getTime() - Date.UTC(vientiane.getUTCFullYear(), 0, 1)) / 86_400_000 + 1,
  );
  const julian = `${String(vientiane.getUTCFullYear()).slice(2)}${String(dayOfYear).padStart(3, '0')}`;
  return `010FTIB${julian}${String(randomInt(10_000)).padStart(4, '0')}`;
}

/** A Lao bank other than BCEL: its own short code, the time and six random digits. */
const newLaoRef = (bankCode: string, at: Date) => `${bankCode}${newTransRef(at).slice(2)}`;

export const simBank: FastifyPluginAsync<SimBankOptions> = async (plugin, opts) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const payouts = new Map<
    string,
    { status: 'PAID' | 'FAILED'; amountMinor: string; currency: Currency; accountNo: string; reason?: string }
  >();
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
    const { reference, amountMinor, accountNo, bankCode, currency } = req.body;
    const known = payouts.get(reference);
    if (known) return known; // the same reference is paid at most once
    // Kip goes to Lao banks and baht to Thai ones: an account at a bank of the other country cannot
    // receive it, and the bank says so at once, whatever its mood.
    if (bankCode && COUNTRIES.has(bankCode) && currencyAt(bankCode) !== currency) {
      const refused = {
        status: 'FAILED' as const,
        amountMinor,
        currency,
        accountNo,
        reason: 'DEST_ACC_INVALID',
      };
      payouts.set(reference, refused);
      return refused;
    }
    if (payoutMode === 'timeout') {
      // Pays, but the answer never arrives in time: the caller must reconcile by reference.
      payouts.set(reference, { status: 'PAID', amountMinor, currency, accountNo });
      return reply.code(504).send({ message: 'gateway timeout' });
    }
    const outcome = {
      status: payoutMode === 'pay' ? ('PAID' as const) : ('FAILED' as const),
      amountMinor,
      currency,
      accountNo,
      ...(payoutMode === 'pay' ? {} : { reason: 'DEST_ACC_INVALID' }),
    };
    payouts.set(reference, outcome);
    return outcome;
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
   * of the one-hour rule); `sendingBank` overrides the 3-digit clearing code of `fromBankCode`. From a
   * Lao bank the amount is kip; from BCEL the slip carries a OneProof receipt whose fccref is the
   * reference.
   */
  async function makeTransfer(b: z.infer<typeof transferBody>) {
    const at = b.transferredAt ? new Date(b.transferredAt) : (opts.clock ?? systemClock).now();
    const currency = currencyAt(b.fromBankCode);
    const bcel = b.fromBankCode === 'BCEL';
    const newRef = () =>
      bcel ? newFccRef(at) : currency === 'LAK' ? newLaoRef(b.fromBankCode, at) : newTransRef(at);
    let transRef = b.reference ?? newRef();
    while (!b.reference && byRef.has(transRef)) transRef = newRef();
    const sendingBank =
      b.sendingBank ?? CLEARING_CODES.get(b.fromBankCode) ?? (currency === 'LAK' ? b.fromBankCode : '000');
    const slipQr = bcel
      ? oneProofPayload({ type: 'TRF', ticket: String(randomInt(1e9, 1e10)), fccref: transRef })
      : currency === 'LAK'
        ? null
        : slipQrPayload({ sendingBank, transRef });
    const transfer: SimTransfer = {
      reference: transRef,
      transRef,
      sendingBank,
      currency,
      slipQr,
      fromBankCode: b.fromBankCode,
      fromAccountNo: b.fromAccountNo,
      toAccountNo: b.toAccountNo,
      amount: b.amount,
      transferredAt: at.toISOString(),
      slipUrl: `${app.prefix}/transfers/${encodeURIComponent(transRef)}/slip.png`,
    };
    byRef.set(transRef, transfer);
    transfers.unshift(transfer);
    if (b.report === false) return { ok: true, transfer: { ...transfer, feed: null } };
    const feed = await report(transfer);
    return { ok: feed.ok, transfer: { ...transfer, feed: feed.body } };
  }

  app.post('/transfers', { schema: { body: transferBody } }, async (req, reply) => {
    const made = await makeTransfer(req.body);
    return reply.code(made.ok ? 200 : 502).send(made.transfer);
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
    { schema: { ...byTransRef, querystring: z.object({ sendingBank: simText(10).optional() }) } },
    async (req, reply) => {
      if (verifyMode === 'down') return reply.code(503).send({ message: 'service unavailable' });
      const t = verifyMode === 'late' ? undefined : byRef.get(req.params.transRef);
      if (!t || t.sendingBank !== req.query.sendingBank)
        return reply.code(404).send({ message: 'NOT_FOUND' });
      return {
        transRef: t.transRef,
        sendingBank: t.sendingBank,
        // In the transfer's currency (ISO 4217): kip for a transfer between Lao accounts.
        amount: t.amount,
        currency: t.currency === 'LAK' ? 'LAK' : 'THB',
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

  // The sandbox: a plain page where a person trying the demo makes a transfer (baht from a Thai bank,
  // kip from a Lao one), sees whether the feed reported it, lets the feed catch up and opens the slip.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.post('/sandbox/transfer', { schema: { body: sandboxTransferBody } }, async (req, reply) => {
    await makeTransfer({ ...req.body, report: req.body.report === 'on' });
    return reply.redirect(`${app.prefix}/`);
  });
  app.post('/sandbox/report', { schema: { body: z.object({ ref: simText(64) }) } }, async (req, reply) => {
    const transfer = byRef.get(req.body.ref);
    if (transfer) await report(transfer);
    return reply.redirect(`${app.prefix}/`);
  });
  app.get('/', async (_req, reply) => {
    const banks = BANKS.map(
      ([code, , , name]) =>
        `<option value="${code}">${code} (${escapeHtml(name)}, ${currencyAt(code) === 'LAK' ? 'kip' : 'baht'})</option>`,
    ).join('');
    const houseAccounts = HOUSE_BANK_ACCOUNTS.map(
      (a) => `<option value="${a.no}">${a.bankCode} ${a.currency}</option>`,
    ).join('');
    const rows = transfers
      .map((t) => {
        const fed = t.feedRejected
          ? `rejected (${escapeHtml(t.feedRejected)})`
          : outbox.delivered(t.reference)
            ? 'reported'
            : `<form method="post" action="${app.prefix}/sandbox/report"><input type="hidden" name="ref" value="${escapeHtml(t.reference)}"><button>Report now</button></form>`;
        const amount = t.amount.toLocaleString('en-US', { maximumFractionDigits: 2 });
        return (
          `<tr><td>${t.transferredAt.slice(0, 19).replace('T', ' ')}</td>` +
          `<td>${escapeHtml(t.fromBankCode)} ${escapeHtml(t.fromAccountNo)}</td><td>${escapeHtml(t.toAccountNo)}</td>` +
          `<td>${amount} ${t.currency}</td><td><code>${escapeHtml(t.transRef)}</code></td><td>${fed}</td>` +
          `<td><a href="${escapeHtml(t.slipUrl)}">slip</a></td></tr>`
        );
      })
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Bank sandbox</title>` +
          `<h1>Bank sandbox</h1><p>Transfer into the operator's account from a member's registered account, as their banking app would. ` +
          `From a Lao bank the amount is kip (BCEL slips carry the OneProof QR); from a Thai bank, baht.</p>` +
          `<form method="post" action="${app.prefix}/sandbox/transfer">` +
          `<p><label>From bank <select name="fromBankCode">${banks}</select></label> ` +
          `<label>account <input name="fromAccountNo" required inputmode="numeric"></label></p>` +
          `<p><label>To the operator's account <input name="toAccountNo" list="house" required inputmode="numeric"></label>` +
          `<datalist id="house">${houseAccounts}</datalist></p>` +
          `<p><label>Amount <input name="amount" required inputmode="decimal"></label> ` +
          `<label><input type="checkbox" name="report" checked> the bank feed reports it</label></p>` +
          `<p><button>Transfer</button></p></form>` +
          `<table border="1" cellpadding="6"><tr><th>UTC</th><th>From</th><th>To</th><th>Amount</th><th>Reference</th><th>Bank feed</th><th></th></tr>${rows}</table>`,
      );
  });
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---------------------------------------------------------------------------------------------------
// The slip picture: a plain slip (bank colour, amount, time, accounts, reference) with the QR a verifier
// reads (a Thai mini QR, or BCEL's OneProof receipt in BCEL's red). Text is drawn with a 3x5 pixel font
// of digits and the few signs a slip needs.

type Rgb = readonly [number, number, number];
const INK: Rgb = [33, 37, 41];
const GREY: Rgb = [206, 212, 218];
const BANK_GREEN: Rgb = [19, 143, 45];
const BCEL_RED: Rgb = [190, 30, 45];
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
  // The letters of a BCEL reference (010FTIB...) and of LAK.
  A: '010101111101101',
  B: '110101110101110',
  F: '111100110100100',
  I: '111010010010111',
  K: '101101110101101',
  L: '100100100100111',
  T: '111010010010010',
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

  rect(0, 0, SLIP_WIDTH, 64, t.fromBankCode === 'BCEL' ? BCEL_RED : BANK_GREEN);
  rect(24, 24, 120, 16, [255, 255, 255]);
  // Kip slips show whole kip unless there is a fraction.
  const decimals = t.currency === 'LAK' ? 0 : 2;
  text(
    t.amount.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: 2 }),
    92,
    7,
  );
  if (t.currency === 'LAK') text('LAK', 132, 2);
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

  if (!t.slipQr) return png;
  const qr = QRCode.create(t.slipQr, { errorCorrectionLevel: 'M' });
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
