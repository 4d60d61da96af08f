// Kip through every rail: in a Laos build a kip member is credited by a BCEL transfer the bank feed
// reports, or by the slip of one (BCEL's OneProof receipt QR), once per transfer whichever comes first,
// and is paid out in kip to a Lao bank. Baht slips do not credit a kip wallet nor kip slips a baht one.
// Everything goes through the simulated bank over HTTP, as a real bank would be reached.
import { describe, expect, it } from 'vitest';
import { slipSchema, slips, type Slip } from '@krapao/contract';
import { LAO_DEMO_MEMBER } from '../src/db/seed.ts';
import { readQr } from '../src/modules/slips/image.ts';
import { parseOneProof } from '../src/payments/bcel-oneproof.ts';
import { parseSlipQr } from '../src/payments/slip-qr.ts';
import { httpPayouts } from '../src/providers/payouts/http-payouts.ts';
import {
  baseUrl,
  call,
  eventually,
  expectLedgerSound,
  freshAccountNo,
  login,
  registerAndLogin,
  useTestApp,
  walletAmount,
  withdraw,
  withdrawalStatus,
  simBank,
  type SimTransfer,
  BCEL_HOUSE_ACCOUNT,
  THAI_HOUSE_ACCOUNT,
} from './helpers.ts';

const OPS = 'operator-token-for-tests';
const t = useTestApp({ REGION: 'la', OPS_TOKEN: OPS });

/** The operator's accounts the Laos seed makes: BCEL for kip, KBANK for baht. */
const HOUSE_BCEL = BCEL_HOUSE_ACCOUNT;
const HOUSE_KBANK = THAI_HOUSE_ACCOUNT;

const sim = (path: string, body?: unknown) => simBank(t.app, path, body);

/** A transfer at the simulated bank from the member's registered account; reported by the feed or not. */
async function transfer(
  from: { bankCode: string; bankAccountNo: string },
  amount: number,
  opts: { report: boolean; toAccountNo?: string },
): Promise<SimTransfer> {
  const res = await sim('/transfers', {
    fromBankCode: from.bankCode,
    fromAccountNo: from.bankAccountNo,
    toAccountNo: opts.toAccountNo ?? (from.bankCode === 'BCEL' ? HOUSE_BCEL : HOUSE_KBANK),
    amount,
    report: opts.report,
  });
  expect(res.status).toBe(200);
  return res.body as SimTransfer;
}

/** The feed catches up with a transfer (or reports it again); answers the line's outcome. */
async function report(tr: SimTransfer): Promise<string> {
  const res = await sim(`/transfers/${tr.transRef}/report`, {});
  expect(res.status).toBe(200);
  return (res.body as SimTransfer).feed!.results[0]!.outcome;
}

async function slipPicture(tr: SimTransfer): Promise<Buffer> {
  const res = await fetch(`${baseUrl(t.app)}/sim/bank/transfers/${tr.transRef}/slip.png`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** POST /api/wallet/slip as the browser's FormData does, then waits until verification settles it. */
async function uploadSlip(token: string, bytes: Buffer): Promise<Slip> {
  const boundary = `----krapao${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.png"\r\n` +
        `Content-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await call(t.app, 'POST', '/api/wallet/slip', {
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect(res.status).toBe(200);
  const { slipId } = slipSchema.parse(res.body);
  const find = async () => {
    const list = await call(t.app, 'POST', '/api/statement/slip', { token, body: { page: 1, limit: 50 } });
    return slips.listSlips.response.parse(list.body).slips.find((s) => s.slipId === slipId)!;
  };
  return eventually(find, (s) => s.status !== 'PROCESSING', 20_000);
}

async function wallet(token: string) {
  const res = await call(t.app, 'GET', '/api/wallet', { token });
  expect(res.status).toBe(200);
  return res.body.wallet as { amount: number; currency: string };
}

async function deposits(token: string) {
  const res = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 20 } });
  expect(res.status).toBe(200);
  return (res.body.statements as Array<Record<string, unknown>>).filter((s) => s.statementType === 'deposit');
}

/** A new member of the Laos build, with a kip wallet (the default there) unless told otherwise. */
const kipMember = (bankCode = 'BCEL', currency: 'LAK' | 'BAHT' = 'LAK') =>
  registerAndLogin(t.app, { bankCode, bankAccountNo: freshAccountNo(), currency });

describe('the bank feed in kip (DEP-11)', () => {
  it('[DEP-11] [laos-4] a BCEL transfer in kip credits the Lao demo member once; the feed sending it again is DUPLICATE', async () => {
    const token = await login(t.app, LAO_DEMO_MEMBER.phone, LAO_DEMO_MEMBER.password);
    const before = await wallet(token);
    expect(before.currency).toBe('LAK');

    const tr = await transfer(LAO_DEMO_MEMBER, 500_000, { report: true });
    // BCEL names the transfer by its core-banking reference; the amount is kip.
    expect(tr).toMatchObject({ sendingBank: 'BCEL', currency: 'LAK', amount: 500_000 });
    expect(tr.transRef).toMatch(/^010FTIB\d{9}$/);
    expect(tr.feed?.results).toEqual([{ reference: tr.reference, outcome: 'CREDITED' }]);
    expect(await wallet(token)).toEqual({ amount: before.amount + 500_000, currency: 'LAK' });

    expect(await report(tr)).toBe('DUPLICATE');
    expect(await report(tr)).toBe('DUPLICATE');
    expect((await wallet(token)).amount).toBe(before.amount + 500_000);
    const credited = (await deposits(token)).filter((d) => d.amount === 500_000);
    expect(credited).toMatchObject([{ channel: 'BANK', status: 'SUCCESS', amount: 500_000 }]);
    await expectLedgerSound(t.db);
  });

  it('[DEP-11] [laos-4] the bank sandbox page makes a BCEL transfer in kip, which the feed reports and credits', async () => {
    const m = await kipMember();
    const page = await fetch(`${baseUrl(t.app)}/sim/bank/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<option value="BCEL">BCEL (Banque pour le Commerce Extérieur Lao, kip)');
    expect(html).toContain('action="/sim/bank/sandbox/transfer"');
    expect(html).toContain(`<option value="${HOUSE_BCEL}">BCEL LAK</option>`);

    const form = new URLSearchParams({
      fromBankCode: 'BCEL',
      fromAccountNo: m.reg.bankAccountNo,
      toAccountNo: HOUSE_BCEL,
      amount: '1250000',
      report: 'on',
    });
    const made = await fetch(`${baseUrl(t.app)}/sim/bank/sandbox/transfer`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(made.status).toBe(302);
    expect(made.headers.get('location')).toBe('/sim/bank/');
    const listed = (await sim('/transfers')).body as Array<SimTransfer & { fromAccountNo: string }>;
    expect(listed.find((x) => x.fromAccountNo === m.reg.bankAccountNo)).toMatchObject({
      currency: 'LAK',
      amount: 1_250_000,
      delivered: true,
    });
    expect(await wallet(m.token)).toEqual({ amount: 1_250_000, currency: 'LAK' });
    // The page lists it, in kip.
    expect(await (await fetch(`${baseUrl(t.app)}/sim/bank/`)).text()).toContain('1,250,000 LAK');
  });
});

describe('BCEL slips with the OneProof receipt QR (SLIP-1, SLIP-5)', () => {
  it('[SLIP-1] [laos-4] the slip of a BCEL transfer carries OneProof with its reference; it credits the kip member once, a second upload is SLIP_REFNO_DUPLICATED', async () => {
    const m = await kipMember();
    const tr = await transfer(m.reg, 300_000, { report: false });
    const picture = await slipPicture(tr);
    const read = readQr(picture, 'image/png');
    expect(read.ok).toBe(true);
    const text = read.ok ? read.text : '';
    expect(parseSlipQr(text)).toBeUndefined();
    expect(parseOneProof(text)).toMatchObject({ type: 'TRF', fccref: tr.transRef });

    expect(await uploadSlip(m.token, picture)).toMatchObject({
      status: 'SUCCESS',
      amount: 300_000,
      reference: tr.transRef,
      note: null,
    });
    expect(await wallet(m.token)).toEqual({ amount: 300_000, currency: 'LAK' });
    expect(await uploadSlip(m.token, picture)).toMatchObject({
      status: 'FAILED',
      note: 'SLIP_REFNO_DUPLICATED',
    });
    expect(await walletAmount(t.app, m.token)).toBe(300_000);
    expect(await deposits(m.token)).toMatchObject([{ channel: 'SLIP', status: 'SUCCESS', amount: 300_000 }]);
    await expectLedgerSound(t.db);
  });

  it('[SLIP-5] [laos-4] the feed and the slip of one BCEL transfer credit it once, whichever comes first', async () => {
    const m = await kipMember();
    // The slip first: the feed reporting the transfer later finds it taken.
    const slipFirst = await transfer(m.reg, 120_000, { report: false });
    expect(await uploadSlip(m.token, await slipPicture(slipFirst))).toMatchObject({ status: 'SUCCESS' });
    expect(await report(slipFirst)).toBe('DUPLICATE');
    expect(await walletAmount(t.app, m.token)).toBe(120_000);

    // The feed first: the slip of the same transfer is a duplicate.
    const feedFirst = await transfer(m.reg, 80_000, { report: true });
    expect(feedFirst.feed?.results[0]?.outcome).toBe('CREDITED');
    expect(await uploadSlip(m.token, await slipPicture(feedFirst))).toMatchObject({
      status: 'FAILED',
      note: 'SLIP_REFNO_DUPLICATED',
    });
    expect(await wallet(m.token)).toEqual({ amount: 200_000, currency: 'LAK' });
    expect((await deposits(m.token)).map((d) => [d.channel, d.amount]).sort()).toEqual([
      ['BANK', 80_000],
      ['SLIP', 120_000],
    ]);
    await expectLedgerSound(t.db);
  });

  it('[SLIP-4] [laos-4] a Thai slip uploaded by a kip member, or a BCEL slip by a baht member, fails DEST_ACC_INVALID', async () => {
    const kip = await kipMember();
    // A baht member of the Laos build banks at a Thai bank (a wallet's bank is in its currency's country).
    const baht = await kipMember('KBANK', 'BAHT');
    expect((await wallet(baht.token)).currency).toBe('BAHT');

    // Baht into the operator's KBANK account: its slip is no deposit into a kip wallet.
    const bahtTransfer = await transfer(baht.reg, 1_500, { report: false });
    expect(bahtTransfer).toMatchObject({ sendingBank: '004', currency: 'BAHT' });
    expect(await uploadSlip(kip.token, await slipPicture(bahtTransfer))).toMatchObject({
      status: 'FAILED',
      note: 'DEST_ACC_INVALID',
    });
    // Kip into the operator's BCEL account: its slip is no deposit into a baht wallet.
    const kipTransfer = await transfer(kip.reg, 400_000, { report: false });
    expect(await uploadSlip(baht.token, await slipPicture(kipTransfer))).toMatchObject({
      status: 'FAILED',
      note: 'DEST_ACC_INVALID',
    });
    expect(await walletAmount(t.app, kip.token)).toBe(0);
    expect(await walletAmount(t.app, baht.token)).toBe(0);

    // Neither refusal used the transfers up: each credits its own member, in its own currency.
    expect(await uploadSlip(kip.token, await slipPicture(kipTransfer))).toMatchObject({ status: 'SUCCESS' });
    expect(await uploadSlip(baht.token, await slipPicture(bahtTransfer))).toMatchObject({
      status: 'SUCCESS',
    });
    expect(await wallet(kip.token)).toEqual({ amount: 400_000, currency: 'LAK' });
    expect(await wallet(baht.token)).toEqual({ amount: 1_500, currency: 'BAHT' });
    await expectLedgerSound(t.db);
  });
});

describe('payouts in kip (WD-2)', () => {
  const payoutAt = async (id: string) =>
    (await sim(`/payouts/${id}`)).body as { status: string; amountMinor: string; currency: string };

  it('[WD-2] [laos-4] a kip withdrawal is paid in kip to the member’s BCEL account through the simulated bank', async () => {
    const m = await kipMember();
    await transfer(m.reg, 1_000_000, { report: true });
    const res = await withdraw(t.app, m.token, 200_000);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 200_000, balance: 800_000, status: 'PENDING' });
    const id = res.body.withdrawalId as string;
    expect(
      await eventually(
        () => withdrawalStatus(t.db, id),
        (s) => s === 'PAID',
      ),
    ).toBe('PAID');
    expect(await payoutAt(id)).toMatchObject({
      status: 'PAID',
      currency: 'LAK',
      amountMinor: '20000000',
      accountNo: m.reg.bankAccountNo,
    });
    expect(await wallet(m.token)).toEqual({ amount: 800_000, currency: 'LAK' });
    await expectLedgerSound(t.db);
  });

  it('[WD-2] [laos-4] a held kip withdrawal the operator approves is paid in kip to the new LDB account', async () => {
    const m = await kipMember();
    await transfer(m.reg, 600_000, { report: true });
    // The member moves their payout account to LDB (PRO-3: password and code, then a hold the operator
    // lifts by approving); the approval sends the payout.
    const sent = await call(t.app, 'POST', '/api/account/bankChange/otp', {
      token: m.token,
      body: { currentPassword: m.reg.password },
    });
    expect(sent.status).toBe(200);
    const ldbAccountNo = freshAccountNo();
    const changed = await call(t.app, 'PUT', '/api/account/profile', {
      token: m.token,
      body: {
        name: m.reg.name,
        bankCode: 'LDB',
        bankAccountName: m.reg.bankAccountName,
        bankAccountNo: ldbAccountNo,
        currentPassword: m.reg.password,
        otpToken: sent.body.otpToken,
        otpCode: sent.body.code,
      },
    });
    expect(changed.status).toBe(200);
    const res = await withdraw(t.app, m.token, 100_000);
    expect(res.body).toMatchObject({ status: 'PENDING', balance: 500_000 });
    const id = res.body.withdrawalId as string;
    const approved = await call(t.app, 'POST', `/api/ops/withdrawals/${id}/approve`, {
      headers: { authorization: `Bearer ${OPS}` },
    });
    expect(approved.body).toEqual({ withdrawalId: id, status: 'PAID' });
    expect(await payoutAt(id)).toMatchObject({
      status: 'PAID',
      currency: 'LAK',
      amountMinor: '10000000',
      accountNo: ldbAccountNo,
    });
    expect(await wallet(m.token)).toEqual({ amount: 500_000, currency: 'LAK' });
    await expectLedgerSound(t.db);
  });

  it('[WD-2] [laos-4] the bank pays kip to Lao banks and baht to Thai banks only, whatever its payout mode', async () => {
    const bank = httpPayouts({ baseUrl: () => `${baseUrl(t.app)}/sim/bank` });
    const order = (reference: string, bankCode: string, currency: 'LAK' | 'BAHT') =>
      bank.payout({
        reference,
        bankCode,
        accountNo: freshAccountNo(),
        accountName: 'TEST MEMBER',
        amountMinor: 5_000_000n,
        currency,
      });
    expect(await order('WLAOS-LDB', 'LDB', 'LAK')).toEqual({ outcome: 'PAID' });
    expect(await order('WLAOS-BAHT-BCEL', 'BCEL', 'BAHT')).toEqual({
      outcome: 'FAILED',
      reason: 'DEST_ACC_INVALID',
    });
    await sim('/config', { payoutMode: 'timeout' });
    try {
      expect(await order('WLAOS-KIP-SCB', 'SCB', 'LAK')).toEqual({
        outcome: 'FAILED',
        reason: 'DEST_ACC_INVALID',
      });
    } finally {
      await sim('/config', { payoutMode: 'pay' });
    }
    expect(await bank.status('WLAOS-KIP-SCB')).toBe('FAILED');
    expect(await bank.status('WLAOS-LDB')).toBe('PAID');
  });
});

describe('the seeded wheel of a Laos site [laos-4]', () => {
  it('[SPIN-4] [laos-4] names its credit prizes in kip, the money its members hold, with the prize in kip', async () => {
    const m = await kipMember();
    const res = await call(t.app, 'GET', '/api/spinwheel/setup', { token: m.token });
    expect(res.status).toBe(200);
    const wheel = (res.body.result as { activeSpinwheel: { slices: Array<Record<string, unknown>> } })
      .activeSpinwheel;
    const credit20 = wheel.slices.find((s) => s.code === 'CREDIT20')!;
    expect(credit20).toMatchObject({ amount: 12_000, label: { la: '12,000 ກີບ', en: '₭12,000' } });
    expect((credit20.name as { la: string }).la).toBe('ເຄຣດິດ 12,000 ກີບ (20 ບາດ)');
  });
});
