// Lao QR deposits in a Laos build: a kip member pays ONEPAY's LAPNet QR through the simulated gateway and
// its signed callback; each member is offered only the gateways of the wallet's currency.
import { describe, expect, it } from 'vitest';
import { LAO_DEMO_MEMBER } from '../src/db/seed.ts';
import { checkCrc, decodeTlv, field } from '../src/payments/emv-tlv.ts';
import { LAPNET_AID, parseLapnet } from '../src/payments/lapnet.ts';
import { parsePromptPay } from '../src/payments/promptpay.ts';
import {
  baseUrl,
  call,
  expectError,
  expectLedgerSound,
  login,
  registerAndLogin,
  useTestApp,
  walletAmount,
} from './helpers.ts';
import {
  createQr,
  currentQr,
  gatewayQrs,
  payAgainAtGateway,
  paidBody,
  payAtGateway,
  qrCallback,
} from './qr-gateway.ts';

const OPS = { authorization: 'Bearer operator-token-for-tests' };
const t = useTestApp({ REGION: 'la', OPS_TOKEN: 'operator-token-for-tests' });

const kipMember = () => registerAndLogin(t.app, { currency: 'LAK', bankCode: 'BCEL' });
const bahtMember = () => registerAndLogin(t.app, { currency: 'BAHT', bankCode: 'KBANK' });

/** What ONEPAY owes the operator for kip it collected: its house account in kip, in att. */
async function onePayOwed(): Promise<bigint> {
  const [row] = await t.db.query<{ balance: string }>(
    `select balance from ledger_accounts where code = 'house:gateway:ONEPAY:LAK' and currency = 'LAK'`,
  );
  return -BigInt(row?.balance ?? 0);
}

/** The ledger's ONEPAY accounts: kip only, never a baht pool for a Lao gateway. */
const onePayAccounts = async () =>
  (
    await t.db.query<{ code: string }>(
      `select code from ledger_accounts where code like 'house:gateway:ONEPAY%' order by code`,
    )
  ).map((r) => r.code);

async function qrRowsOf(token: string) {
  const me = await call(t.app, 'GET', '/api/profile', { token });
  const [{ n }] = (await t.db.query<{ n: string }>(
    `select count(*) as n from qrcodes q join members m on m.id = q.member_id where m.public_id = $1`,
    [me.body._id],
  )) as [{ n: string }];
  return Number(n);
}

describe('[laos-3] Lao QR deposits at ONEPAY', () => {
  it('[laos-3] [DEP-4] [DEP-6] a kip member’s ONEPAY QR is a LAPNet QR in kip for the amount, naming the order', async () => {
    const { token } = await kipMember();
    const made = await createQr(t, token, 'ONEPAY', 75_000);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ hasQrcode: true, amount: 75_000, message: '' });
    expect(made.body.qrcode).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const payload = made.body.payload as string;
    // What any EMVCo reader sees: tag 38 with LAPNet's AID, kip, Laos, and a CRC that holds.
    const fields = checkCrc(payload, '63')!;
    expect(fields).toBeDefined();
    expect(field(decodeTlv(field(fields, '38')!)!, '00')).toBe(LAPNET_AID);
    expect(field(fields, '53')).toBe('418');
    expect(field(fields, '58')).toBe('LA');
    expect(parsePromptPay(payload)).toBeUndefined();
    // The bill number is our order: two QRs of one amount never share a payload.
    expect(parseLapnet(payload)).toMatchObject({
      currency: '418',
      country: 'LA',
      amountMinor: 7_500_000n,
      billNumber: made.body.qrcodeId,
      pointOfInitiation: '12',
    });
    const other = await createQr(t, (await kipMember()).token, 'ONEPAY', 75_000);
    expect(other.body.payload).not.toBe(payload);

    expect((await currentQr(t, token, 'ONEPAY')).body).toMatchObject({
      qrcodeId: made.body.qrcodeId,
      hasQrcode: true,
      amount: 75_000,
    });
    // The gateway was asked for kip.
    expect((await gatewayQrs(t)).find((q) => q.orderId === made.body.qrcodeId)).toMatchObject({
      provider: 'ONEPAY',
      currency: 'LAK',
      amountMinor: '7500000',
    });
  });

  it('[laos-3] [DEP-7] the Lao demo member pays it in the sandbox: the kip wallet is credited once, a replayed callback credits nothing', async () => {
    const token = await login(t.app, LAO_DEMO_MEMBER.phone, LAO_DEMO_MEMBER.password);
    const wallet = await call(t.app, 'GET', '/api/wallet', { token });
    expect(wallet.body.wallet).toEqual({ amount: 0, currency: 'LAK' });
    const owedBefore = await onePayOwed();

    const made = await createQr(t, token, 'ONEPAY', 120_000);
    const orderId = made.body.qrcodeId as string;
    // The sandbox page lists it in kip; a person pays it with its button (a form post).
    const page = await fetch(`${baseUrl(t.app)}/sim/gateway/`).then((r) => r.text());
    const row = page.split('<tr>').find((r) => r.includes(orderId))!;
    expect(row).toContain('<td>ONEPAY</td><td>120000.00 LAK</td><td>OPEN</td>');
    const gatewayRef = /name="ref" value="([^"]+)"/.exec(row)![1]!;
    const paid = await fetch(`${baseUrl(t.app)}/sim/gateway/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ref: gatewayRef }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(302);

    expect(await walletAmount(t.app, token)).toBe(120_000);
    expect(await onePayOwed()).toBe(owedBefore + 12_000_000n);
    expect((await currentQr(t, token, 'ONEPAY')).body).toMatchObject({
      hasQrcode: false,
      qrcodeId: orderId,
      amount: 120_000,
    });

    // The gateway sends its callback again (a lost answer): DUPLICATE, nothing moves.
    expect((await payAgainAtGateway(t, orderId)).callback).toMatchObject({
      status: 200,
      body: { outcome: 'DUPLICATE' },
    });
    // A second payment of the paid QR (another transaction) is refused.
    const second = await qrCallback(t, 'ONEPAY', paidBody(t, orderId, 120_000));
    expect(second.statusCode).toBe(409);
    expect(await walletAmount(t.app, token)).toBe(120_000);
    expect(await onePayOwed()).toBe(owedBefore + 12_000_000n);

    const statement = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 10 } });
    expect(statement.body.statements).toEqual([
      expect.objectContaining({
        statementType: 'deposit',
        channel: 'QR',
        amount: 120_000,
        status: 'SUCCESS',
      }),
    ]);
    expect(await onePayAccounts()).toEqual(['house:gateway:ONEPAY:LAK']);
    await expectLedgerSound(t.db);
  });

  it('[laos-3] [DEP-7] a kip QR paid by scanning its payload credits the member who made it', async () => {
    const { token } = await kipMember();
    const made = await createQr(t, token, 'ONEPAY', 50_000);
    const payment = await payAtGateway(t, made.body.payload as string);
    expect(payment.body.callback).toMatchObject({ status: 200, body: { outcome: 'CREDITED' } });
    expect(await walletAmount(t.app, token)).toBe(50_000);
  });
});

describe('[laos-3] each wallet is offered the gateways of its currency', () => {
  it('[laos-3] a kip member asking KBANK or a Thai gateway gets CURRENCY_NOT_OFFERED, and nothing is made', async () => {
    const { token } = await kipMember();
    const atGateway = (await gatewayQrs(t)).length;
    for (const provider of ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY']) {
      expectError(await createQr(t, token, provider, 100_000), 400, 'CURRENCY_NOT_OFFERED');
      expectError(await currentQr(t, token, provider), 400, 'CURRENCY_NOT_OFFERED');
    }
    expect(await qrRowsOf(token)).toBe(0);
    expect((await gatewayQrs(t)).length).toBe(atGateway);
  });

  it('[laos-3] a baht member in the same Laos build is refused ONEPAY and still pays Thai QRs in baht', async () => {
    const { token } = await bahtMember();
    const atGateway = (await gatewayQrs(t)).length;
    expectError(await createQr(t, token, 'ONEPAY', 50_000), 400, 'CURRENCY_NOT_OFFERED');
    expectError(await currentQr(t, token, 'ONEPAY'), 400, 'CURRENCY_NOT_OFFERED');
    expect(await qrRowsOf(token)).toBe(0);
    expect((await gatewayQrs(t)).length).toBe(atGateway);

    const thai = await createQr(t, token, 'KBANK', 100);
    expect(parsePromptPay(thai.body.payload as string)).toMatchObject({ amount: 100 });
    expect((await payAtGateway(t, thai.body.payload as string)).status).toBe(200);
    const wallet = await call(t.app, 'GET', '/api/wallet', { token });
    expect(wallet.body.wallet).toEqual({ amount: 100, currency: 'BAHT' });
  });

  it('[laos-3] [DEP-8] below 50,000 kip is QR_MINIMUM; the operator’s qr.minimumBaht for ONEPAY is in kip', async () => {
    const { token } = await kipMember();
    expectError(await createQr(t, token, 'ONEPAY', 49_999.99), 400, 'QR_MINIMUM');
    expectError(await createQr(t, token, 'ONEPAY', 100), 400, 'QR_MINIMUM');
    expect(await qrRowsOf(token)).toBe(0);
    expect((await createQr(t, token, 'ONEPAY', 50_000)).body.hasQrcode).toBe(true);

    await t.db.query(
      `insert into settings (key, value) values ('qr.minimumBaht', $1)
       on conflict (key) do update set value = excluded.value`,
      [JSON.stringify({ ONEPAY: 100_000 })],
    );
    try {
      expectError(await createQr(t, token, 'ONEPAY', 99_999), 400, 'QR_MINIMUM');
      expect((await createQr(t, token, 'ONEPAY', 100_000)).body).toMatchObject({
        hasQrcode: true,
        amount: 100_000,
      });
    } finally {
      await t.db.query(`delete from settings where key = 'qr.minimumBaht'`);
    }
  });

  it('[laos-3] the gateways refuse an order in a currency they do not collect', async () => {
    const order = (provider: string, currency: string) =>
      fetch(`${baseUrl(t.app)}/sim/gateway/qrcodes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          provider,
          orderId: 'QCURRENCYTEST01',
          currency,
          amountMinor: '5000000',
          expiresAt: t.clock.now().toISOString(),
          callbackUrl: `${baseUrl(t.app)}/api/hooks/qr/${provider}`,
        }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
    expect(await order('ONEPAY', 'BAHT')).toEqual({
      status: 400,
      body: { message: 'CURRENCY_NOT_SUPPORTED' },
    });
    expect(await order('WW', 'LAK')).toEqual({ status: 400, body: { message: 'CURRENCY_NOT_SUPPORTED' } });
    expect((await order('ONEPAY', 'LAK')).status).toBe(200);
  });

  it('[laos-3] the operator cannot credit a refused ONEPAY payment to a baht wallet, only to a kip one', async () => {
    const kip = await kipMember();
    const baht = await bahtMember();
    const stray = paidBody(t, 'QNOBODYLAO00001', 60_000);
    expect((await qrCallback(t, 'ONEPAY', stray)).statusCode).toBe(404);
    const refused = await call(t.app, 'GET', '/api/ops/qr/refused', { headers: OPS });
    const id = (refused.body as unknown as Array<{ id: string; transaction_id: string }>).find(
      (r) => r.transaction_id === stray.transactionId,
    )!.id;

    const credit = (phone: string) =>
      call(t.app, 'POST', `/api/ops/qr/refused/${id}/credit`, { headers: OPS, body: { phone } });
    expectError(await credit(baht.reg.username), 400, 'CURRENCY_NOT_OFFERED');
    expect(await walletAmount(t.app, baht.token)).toBe(0);
    expect((await credit(kip.reg.username)).body).toMatchObject({ resolution: 'CREDITED' });
    expect(await walletAmount(t.app, kip.token)).toBe(60_000);
    expect(await onePayAccounts()).toEqual(['house:gateway:ONEPAY:LAK']);
    await expectLedgerSound(t.db);
  });
});
