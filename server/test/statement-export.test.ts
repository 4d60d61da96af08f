// The statement a member can use: narrowed to a type and to days (ST-4), transfers naming both ends
// (ST-5), and the export of a range as a CSV file Excel opens in Thai and Lao (ST-6).
import { describe, expect, it } from 'vitest';
import { statement, type StatementEntry } from '@krapao/contract';
import { csvCell } from '../src/modules/statement/csv.ts';
import {
  bankTransfer,
  call,
  eventually,
  expectError,
  expectLedgerSound,
  login,
  registerAndLogin,
  useTestApp,
  withdraw,
} from './helpers.ts';
import { activate, GAME_TEST_ENV, gameTransfer } from './games-helpers.ts';

const t = useTestApp(GAME_TEST_ENV);
const DAY_MS = 86_400_000;

/** Today in Bangkok (UTC+7) by the test clock. */
const bangkokDay = () => new Date(t.clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

const statementOf = async (token: string, filter: Record<string, unknown> = {}) => {
  const res = await call(t.app, 'POST', '/api/statement', { token, body: { page: 1, limit: 50, ...filter } });
  expect(res.status).toBe(200);
  return statement.getStatement.response.parse(res.body);
};

const exportOf = (token: string | undefined, query: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/statement/export?${query}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

/** The CSV as rows of cells (every cell is quoted; none of ours holds a quote or a comma). */
const rowsOf = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

describe('[care] the statement narrowed and exported', () => {
  it('[ST-4] narrows the list to one type and to the days asked, both days included', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 500);
    const first = bangkokDay();
    t.clock.advance(2 * DAY_MS);
    // Two days on, the member logs in again (a session does not last that long).
    m.token = await login(t.app, m.reg.username, m.reg.password);
    await bankTransfer(t.app, m.reg, 200);
    expect((await withdraw(t.app, m.token, 100)).status).toBe(200);
    const second = bangkokDay();

    const types = (entries: StatementEntry[]) => entries.map((e) => [e.statementType, e.amount]);
    expect(types((await statementOf(m.token)).statements)).toEqual([
      ['withdraw', 100],
      ['deposit', 200],
      ['deposit', 500],
    ]);
    const deposits = await statementOf(m.token, { type: 'deposit' });
    expect(deposits.total).toBe(2);
    expect(types(deposits.statements)).toEqual([
      ['deposit', 200],
      ['deposit', 500],
    ]);
    expect(types((await statementOf(m.token, { from: first, to: first })).statements)).toEqual([
      ['deposit', 500],
    ]);
    expect(types((await statementOf(m.token, { from: second })).statements)).toEqual([
      ['withdraw', 100],
      ['deposit', 200],
    ]);
    expect(
      types((await statementOf(m.token, { type: 'withdraw', from: first, to: second })).statements),
    ).toEqual([['withdraw', 100]]);
    // The day between has nothing.
    const between = new Date(Date.parse(first) + DAY_MS).toISOString().slice(0, 10);
    expect(await statementOf(m.token, { from: between, to: between })).toEqual({ total: 0, statements: [] });
  });

  it('[ST-4] a range whose first day is after its last, or a day that does not exist, is refused', async () => {
    const m = await registerAndLogin(t.app);
    const body = (filter: object) => ({ token: m.token, body: { page: 1, limit: 10, ...filter } });
    expectError(
      await call(t.app, 'POST', '/api/statement', body({ from: '2026-11-20', to: '2026-11-19' })),
      400,
      'STATEMENT_RANGE_INVALID',
    );
    expectError(
      await call(t.app, 'POST', '/api/statement', body({ from: '2026-02-30' })),
      400,
      'STATEMENT_RANGE_INVALID',
    );
    expectError(
      await call(t.app, 'POST', '/api/statement', body({ from: '26-11-20' })),
      400,
      'INVALID_REQUEST',
    );
    expectError(await call(t.app, 'POST', '/api/statement', body({ type: 'bet' })), 400, 'INVALID_REQUEST');
  });

  it('[ST-5] a transfer names where the money went from and to, the game by its name', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 300);
    expect((await activate(t.app, m.token, 'PG')).status).toBe(200);
    expect((await gameTransfer(t.app, m.token, { from: 'WALLET', to: 'PG', amount: 120 })).status).toBe(200);
    const [transfer] = (await statementOf(m.token, { type: 'transfer' })).statements;
    const [provider] = await t.db.query<{ name: string }>(
      `select name from game_providers where code = 'PG'`,
    );
    expect(transfer).toMatchObject({
      from: 'WALLET',
      fromName: null,
      to: 'PG',
      toName: provider!.name,
      amount: 120,
    });
    await expectLedgerSound(t.db);
  });

  it('[ST-6] exports the range as UTF-8 CSV with a BOM, columns in the language asked, amounts as 0.00, money out negative', async () => {
    const m = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 1500);
    await bankTransfer(t.app, other.reg, 777);
    expect((await withdraw(t.app, m.token, 250.5)).status).toBe(200);
    // The bank pays after the answer: the file is read once it has.
    const paid = await eventually(
      () => statementOf(m.token, { type: 'withdraw' }),
      (s) => s.statements[0]?.status === 'SUCCESS',
    );
    expect(paid.statements[0]?.status).toBe('SUCCESS');
    const day = bangkokDay();

    const th = await exportOf(m.token, `from=${day}&to=${day}&lang=th`);
    expect(th.statusCode).toBe(200);
    expect(th.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(th.headers['content-disposition']).toBe(`attachment; filename="statement-${day}-${day}.csv"`);
    expect(th.headers['cache-control']).toBe('no-store');
    expect([...th.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = rowsOf(th.body);
    expect(rows[0]).toEqual(['วันที่และเวลา', 'เลขอ้างอิง', 'รายการ', 'รายละเอียด', 'สถานะ', 'จำนวนเงิน', 'สกุลเงิน']);
    // Oldest first, in Bangkok time; the other member's 777 is not there.
    expect(rows.slice(1).map((r) => [r[2], r[3], r[5], r[6]])).toEqual([
      ['ฝากเงิน', 'โอนผ่านธนาคาร', '1500.00', 'THB'],
      ['ถอนเงิน', 'บัญชีธนาคาร', '-250.50', 'THB'],
    ]);
    expect(rows[1]![0]).toMatch(new RegExp(`^${day} \\d{2}:\\d{2}:\\d{2}$`));
    expect(th.body).not.toContain('777');

    const la = rowsOf((await exportOf(m.token, `from=${day}&to=${day}&lang=la`)).body);
    expect(la[0]).toEqual([
      'ວັນທີ ແລະ ເວລາ',
      'ເລກອ້າງອີງ',
      'ລາຍການ',
      'ລາຍລະອຽດ',
      'ສະຖານະ',
      'ຈຳນວນເງິນ',
      'ສະກຸນເງິນ',
    ]);
    expect(la[1]![2]).toBe('ຝາກເງິນ');
    // Without lang, Accept-Language chooses.
    const en = rowsOf(
      (await exportOf(m.token, `from=${day}&to=${day}`, { 'accept-language': 'en-US,en' })).body,
    );
    expect(en[0]![0]).toBe('Date and time');
    expect(en.slice(1).map((r) => r[4])).toEqual(['Successful', 'Successful']);

    // The other member's export has only their own line.
    const theirs = rowsOf((await exportOf(other.token, `from=${day}&to=${day}&lang=en`)).body);
    expect(theirs.slice(1).map((r) => r[5])).toEqual(['777.00']);
  });

  it('[ST-6] an empty range is a file of the header alone; days outside the range are left out', async () => {
    const m = await registerAndLogin(t.app);
    await bankTransfer(t.app, m.reg, 100);
    const yesterday = new Date(Date.parse(bangkokDay()) - DAY_MS).toISOString().slice(0, 10);
    const res = await exportOf(m.token, `from=${yesterday}&to=${yesterday}&lang=en`);
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body)).toHaveLength(1);
  });

  it('[ST-6] refuses a range longer than the maximum, reversed, malformed, or without a session', async () => {
    const m = await registerAndLogin(t.app);
    const max = statement.STATEMENT_EXPORT_MAX_DAYS;
    const start = Date.parse('2026-01-01');
    const lastDay = (days: number) => new Date(start + (days - 1) * DAY_MS).toISOString().slice(0, 10);
    expect((await exportOf(m.token, `from=2026-01-01&to=${lastDay(max)}`)).statusCode).toBe(200);
    const long = await exportOf(m.token, `from=2026-01-01&to=${lastDay(max + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'STATEMENT_RANGE_TOO_LONG' });
    const reversed = await exportOf(m.token, 'from=2026-03-02&to=2026-03-01');
    expect(reversed.json()).toEqual({ message: 'STATEMENT_RANGE_INVALID' });
    expect((await exportOf(m.token, 'from=2026-03-01')).json()).toEqual({ message: 'INVALID_REQUEST' });
    expect((await exportOf(m.token, 'from=2026-03-01&to=2026-03-01&lang=fr')).json()).toEqual({
      message: 'INVALID_REQUEST',
    });
    // A token in the address is not a session: only the Authorization header is.
    const anonymous = await exportOf(undefined, `from=2026-03-01&to=2026-03-01&token=${m.token}`);
    expect(anonymous.statusCode).toBe(401);
  });

  it('[ST-6] a cell a spreadsheet would run as a formula starts with an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+66 81')).toBe(`"'+66 81"`);
    expect(csvCell('-1+1')).toBe(`"'-1+1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('1500.00')).toBe('"1500.00"');
    // A withdrawal's amount is a number, not a formula: the sheet adds it up.
    expect(csvCell('-250.50')).toBe('"-250.50"');
    expect(csvCell('-250.50+1')).toBe(`"'-250.50+1"`);
    expect(csvCell('-1e9')).toBe(`"'-1e9"`);
    expect(csvCell('PG → กระเป๋าหลัก')).toBe('"PG → กระเป๋าหลัก"');
  });
});
