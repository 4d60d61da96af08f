import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, spin as contract, type Slice } from '@krapao/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createHash, createHmac, webcrypto } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepCommitment, keptCommitment } from '../src/features/spin/commitments';
import { SpinPanel } from '../src/features/spin/components/SpinPanel';
import { wheelSize } from '../src/features/spin/components/SpinWheel';
import { sliceAt, spinDuration, stopRotation } from '../src/features/spin/wheel-motion';
import { fail, json, logIn, mockApi, walletFixture, profileFixture, type Handler } from './api';
import { errorEn, renderApp, renderUi } from './render';

// The spin wheel's web side: the wheel, its coins and motion (SPIN-1, SPIN-2), the prize and claim modals
// (SPIN-2, SPIN-3), the coupons 3 a page, the chances and the browser's own check of a past spin; the
// wallet card's spin-coin button (HOME-1). Answers are the contract's.

const colours = ['#0ca678', '#495057', '#ffd43b', '#1c7ed6'];
const slice = (code: string, i: number, extra: Partial<Slice> = {}): Slice =>
  contract.sliceSchema.parse({
    code,
    label: { th: `ท${code}`, la: `ລ${code}`, en: code },
    name: { th: `รางวัล ${code}`, la: `ລາງວັນ ${code}`, en: `Prize ${code}` },
    bgColor: colours[i % colours.length],
    textColor: '#ffffff',
    htmlDescription: { en: `<p>About ${code}</p>` },
    probability: 0.25,
    type: 'credit',
    amount: 50,
    coins: null,
    ...extra,
  });
const SLICES = ['C50', 'TRY', 'COIN1', 'C20'].map((c, i) => slice(c, i));
const HASH = 'ab'.repeat(32);

const setup = (userCoin: number, fair = { serverSeedHash: HASH, clientSeed: 'my-seed', nextSpinNumber: 4 }) =>
  json(
    contract.setup.response.parse({
      result: { activeSpinwheel: { name: { en: 'Lucky wheel' }, slices: SLICES }, userCoin, fair },
    }),
  );
const spinAnswer = (code: string, remainingCoin: number) =>
  json(
    contract.spin.response.parse({
      success: true,
      result: {
        code,
        label: { en: code },
        remainingCoin,
        coupon: 'ABCDEFGHJKLM',
        proof: {
          spinNumber: 4,
          serverSeed: 'cd'.repeat(32),
          serverSeedHash: HASH,
          clientSeed: 'my-seed',
          weights: [],
        },
        nextServerSeedHash: 'ef'.repeat(32),
      },
    }),
  );
/** A spin endpoint whose first `lost` calls fail as the network does (fetch rejects), then answers. */
const afterNetworkErrors = (lost: number, answer: () => Response): Handler => {
  let attempts = 0;
  return () => {
    attempts += 1;
    return attempts <= lost ? Promise.reject(new TypeError('Failed to fetch')) : answer();
  };
};
const coupon = (n: number, extra: Partial<contract.Coupon> = {}): contract.Coupon =>
  contract.couponSchema.parse({
    _id: `CPN${String(n).padStart(9, '0')}`,
    prize: { name: { en: `Prize ${n}` }, slice: { ...SLICES[0], label: { en: `Label ${n}` } } },
    type: 'credit',
    amount: 50,
    coins: null,
    claimable: true,
    claimedAt: null,
    expiresAt: '2026-12-01T00:00:00.000Z',
    createdAt: '2026-11-21T10:00:00.000Z',
    ...extra,
  });
const couponsAnswer = (list: contract.Coupon[]) => json({ result: list });

/** Lets `ms` of fake time pass, with the promises it lets run. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const fakeTimers = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

/** A 2D context that records what each fill painted, instead of jsdom's missing canvas. */
function recordCanvas() {
  const fills: string[] = [];
  const ctx = new Proxy({ fillStyle: '' } as Record<string, unknown>, {
    get(target, key) {
      if (key === 'fill') return () => fills.push(String(target.fillStyle));
      if (key in target) return target[key as string];
      return () => {};
    },
    set(target, key, value) {
      target[key as string] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  return fills;
}
const DARK = 'rgba(10, 20, 18, 0.62)';

const wheel = () => document.querySelector('.spin-wheel') as HTMLElement;
const spinButton = () => screen.getByRole('button', { name: /Spin the wheel|No coins/ });

async function openPanel(handlers: Record<string, Handler>) {
  logIn();
  const api = mockApi({ 'GET /api/spinwheel/coupon': () => couponsAnswer([]), ...handlers });
  const app = await renderUi(<SpinPanel />);
  await waitFor(() => expect(wheel()).not.toBeNull());
  return { ...app, api };
}

beforeAll(async () => {
  await import('../src/features/spin/components/SpinModal');
});
afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
});

describe('the wheel', () => {
  it("[SPIN-1] the canvas is 350 px, or 85 % of a narrower window, following a resize 500 ms later; the centre button shows the coins; each slice's chance and the seed hash are shown", async () => {
    recordCanvas();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    expect(wheelSize(390)).toBe(331);
    expect(wheelSize(1024)).toBe(350);
    await openPanel({ 'GET /api/spinwheel/setup': () => setup(3) });
    expect(wheel().style.width).toBe('331px');
    expect(spinButton().textContent).toContain('3');
    expect(spinButton().getAttribute('aria-label')).toBe('Spin the wheel (coins: 3)');

    fakeTimers();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    fireEvent(window, new Event('resize'));
    await pass(400);
    expect(wheel().style.width).toBe('331px');
    fireEvent(window, new Event('resize'));
    await pass(499);
    expect(wheel().style.width).toBe('331px');
    await pass(1);
    expect(wheel().style.width).toBe('350px');

    const chances = screen.getAllByTestId('slice-chance');
    expect(chances.map((c) => c.textContent)).toEqual([
      'C50 Prize C5025%',
      'TRY Prize TRY25%',
      'COIN1 Prize COIN125%',
      'C20 Prize C2025%',
    ]);
    expect(screen.getByTestId('server-seed-hash').textContent).toBe(HASH);
    expect(screen.getByText('Server seed hash (SHA-256) for spin #4')).toBeTruthy();
  });

  it('[SPIN-1] the labels are painted again once their face has loaded: canvas text drawn before it stays in a fallback face', async () => {
    const fills = recordCanvas();
    let loaded: () => void = () => {};
    const load = vi.fn(() => new Promise<FontFace[]>((resolve) => (loaded = () => resolve([]))));
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
    try {
      await openPanel({ 'GET /api/spinwheel/setup': () => setup(3) });
      await waitFor(() => expect(load).toHaveBeenCalled());
      // Bold, for the labels in the member's language (English here).
      expect(load).toHaveBeenLastCalledWith(expect.stringMatching(/^700 /), 'C50 TRY COIN1 C20');
      const painted = fills.length;
      expect(painted).toBeGreaterThanOrEqual(SLICES.length);
      await act(async () => loaded());
      await waitFor(() => expect(fills.length).toBe(painted + SLICES.length));
    } finally {
      delete (document as { fonts?: unknown }).fonts;
    }
  });

  it('[SPIN-1] the coupon table: index, prize label and name, amount, claim button, 3 a page', async () => {
    const list = [1, 2, 3, 4, 5].map((n) =>
      n === 4
        ? coupon(n, {
            type: 'coins',
            amount: null,
            coins: 3,
            claimable: false,
            claimedAt: '2026-11-21T11:00:00.000Z',
          })
        : coupon(n),
    );
    const { user } = await openPanel({
      'GET /api/spinwheel/setup': () => setup(0),
      'GET /api/spinwheel/coupon': () => couponsAnswer(list),
    });
    const table = await screen.findByRole('table', { name: 'My coupons' });
    let rows = within(table).getAllByTestId('coupon-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toBe('1Label 1Prize 1฿50.00Claim');
    expect(within(rows[2]!).getByRole('button', { name: 'Claim' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    rows = within(table).getAllByTestId('coupon-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '4Label 4Prize 4Coins: 3Claimed',
      '5Label 5Prize 5฿50.00Claim',
    ]);
  });
});

describe('a spin', () => {
  it('[SPIN-2] one click spins once (clicks while it turns are ignored); it turns 4-5 s, stops on the winning slice with the others darkened, the prize modal 2 s later; closing reloads the setup', async () => {
    const fills = recordCanvas();
    const { api, user } = await openPanel({
      'GET /api/spinwheel/setup': () => setup(2),
      'POST /api/spinwheel/spin': () => spinAnswer('COIN1', 1),
    });
    fakeTimers();
    // From rotation 0 to slice 2 of 4: 3 3/8 turns, so 4,375 ms.
    const duration = spinDuration(0, stopRotation(0, 2, SLICES.length));
    expect(duration).toBe(4_375);
    fireEvent.click(spinButton());
    await pass(0);
    fireEvent.click(spinButton());
    fireEvent.click(spinButton());
    await pass(100);
    expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/spinwheel/spin')[0]!.body).toEqual({});
    expect(wheel().dataset.phase).toBe('spinning');
    await pass(duration - 200);
    expect(wheel().dataset.phase).toBe('spinning');
    fills.length = 0;
    await pass(100);
    expect(wheel().dataset.phase).toBe('stopped');
    expect(wheel().dataset.winner).toBe('COIN1');
    // The paint at the stop darkened every slice but the winner.
    expect(fills.filter((f) => f === DARK)).toHaveLength(SLICES.length - 1);
    // The coins the server counted show at once.
    expect(screen.getByTestId('spin-coins').textContent).toBe('Coins: 1 · one per spin');
    // The prize modal: 2 s after the stop.
    await pass(1_999);
    expect(screen.queryByRole('dialog', { name: 'Congratulations!' })).toBeNull();
    await pass(1);
    const prize = screen.getByRole('dialog', { name: 'Congratulations!' });
    expect(within(prize).getByTestId('prize-label').textContent).toBe('COIN1');
    expect(within(prize).getByText('You won Prize COIN1')).toBeTruthy();

    const setupsBefore = api.callsTo('GET', '/api/spinwheel/setup').length;
    vi.useRealTimers();
    await user.click(within(prize).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/setup').length).toBe(setupsBefore + 1));
    await waitFor(() => expect(wheel().dataset.phase).toBe('idle'));
    expect(wheel().dataset.winner).toBe('');
  });

  it('[SPIN-2] with 0 coins a click is ignored: nothing is sent', async () => {
    recordCanvas();
    const { api } = await openPanel({ 'GET /api/spinwheel/setup': () => setup(0) });
    expect(spinButton().getAttribute('aria-label')).toBe('No coins yet: deposit to earn coins');
    fireEvent.click(spinButton());
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(0);
    expect(wheel().dataset.phase).toBe('idle');
  });

  it('[SPIN-2] a refused spin shows the spin error and the wheel stays idle', async () => {
    recordCanvas();
    await openPanel({
      'GET /api/spinwheel/setup': () => setup(1),
      'POST /api/spinwheel/spin': () => fail('SPIN_NO_COIN'),
    });
    fireEvent.click(spinButton());
    expect((await screen.findByRole('alert')).textContent).toBe(errorEn('SPIN_NO_COIN'));
    expect(wheel().dataset.phase).toBe('idle');
  });

  it('[SPIN-2] a press sends an Idempotency-Key and, after a network error, retries once with the same key; the coins counted show', async () => {
    recordCanvas();
    const { api } = await openPanel({
      'GET /api/spinwheel/setup': () => setup(2),
      'POST /api/spinwheel/spin': afterNetworkErrors(1, () => spinAnswer('COIN1', 1)),
    });
    fireEvent.click(spinButton());
    await waitFor(() => expect(screen.getByTestId('spin-coins').textContent).toBe('Coins: 1 · one per spin'));
    const [first, retry, ...more] = api.callsTo('POST', '/api/spinwheel/spin');
    expect(more).toHaveLength(0);
    expect(first?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(retry?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
    expect(retry?.body).toEqual({});
    expect(wheel().dataset.phase).toBe('spinning');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('[SPIN-2] two network errors in a row show NETWORK_ERROR after one retry; the next press carries a new key', async () => {
    recordCanvas();
    const { api } = await openPanel({
      'GET /api/spinwheel/setup': () => setup(2),
      'POST /api/spinwheel/spin': afterNetworkErrors(2, () => spinAnswer('C20', 1)),
    });
    fireEvent.click(spinButton());
    expect((await screen.findByRole('alert')).textContent).toBe(errorEn('NETWORK_ERROR'));
    expect(wheel().dataset.phase).toBe('idle');
    const [first, retry] = api.callsTo('POST', '/api/spinwheel/spin');
    expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(2);
    expect(retry?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));

    fireEvent.click(spinButton());
    await waitFor(() => expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(3));
    const third = api.callsTo('POST', '/api/spinwheel/spin')[2];
    expect(third?.headers.get(IDEMPOTENCY_HEADER)).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(third?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(first?.headers.get(IDEMPOTENCY_HEADER));
    await waitFor(() => expect(wheel().dataset.phase).toBe('spinning'));
  });

  it('[SPIN-2] a refusal is final: it is not sent again', async () => {
    recordCanvas();
    const { api } = await openPanel({
      'GET /api/spinwheel/setup': () => setup(1),
      'POST /api/spinwheel/spin': () => fail('SPIN_NO_COIN'),
    });
    fireEvent.click(spinButton());
    await screen.findByRole('alert');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(1);
  });

  it('[SPIN-2] with reduced motion the wheel stops at once; the prize still follows 2 s later', async () => {
    recordCanvas();
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('reduce'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    await openPanel({
      'GET /api/spinwheel/setup': () => setup(1),
      'POST /api/spinwheel/spin': () => spinAnswer('C20', 0),
    });
    fakeTimers();
    fireEvent.click(spinButton());
    await pass(10);
    expect(wheel().dataset.phase).toBe('stopped');
    expect(wheel().dataset.winner).toBe('C20');
    await pass(2_000);
    expect(screen.getByRole('dialog', { name: 'Congratulations!' })).toBeTruthy();
  });

  it('[SPIN-2] the motion: 3 to 4 turns ending with the winning slice under the pointer, 4 to 5 s', () => {
    for (const n of [2, 4, 8, 24])
      for (let i = 0; i < n; i++)
        for (const from of [0, 1.3, 25.1]) {
          const to = stopRotation(from, i, n);
          const turns = (to - from) / (2 * Math.PI);
          expect(turns).toBeGreaterThanOrEqual(3);
          expect(turns).toBeLessThan(4);
          expect(sliceAt(to, n)).toBe(i);
          const ms = spinDuration(from, to);
          expect(ms).toBeGreaterThanOrEqual(4_000);
          expect(ms).toBeLessThanOrEqual(5_000);
        }
  });
});

describe('claiming a coupon', () => {
  const list = [
    coupon(1, {
      prize: {
        name: { en: 'Credit 50' },
        slice: {
          ...SLICES[0]!,
          label: { en: '฿50' },
          htmlDescription: {
            en: '<p onclick="alert(1)">Play <b>3 times</b><img src=x onerror="alert(2)"></p><script>alert(3)</script>',
          },
        },
      },
    }),
  ];

  it('[SPIN-3] the claim modal shows the prize label and its cleaned description; cancel sends nothing; confirm sends once 500 ms after the last press, then the wheel and coupons reload', async () => {
    recordCanvas();
    const { api, user } = await openPanel({
      'GET /api/spinwheel/setup': () => setup(0),
      'GET /api/spinwheel/coupon': () => couponsAnswer(list),
      'POST /api/spinwheel/coupon/claim': () =>
        json(contract.claim.response.parse({ success: true, type: 'credit', amount: 50, coins: null })),
    });
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    let dialog = await screen.findByRole('dialog', { name: 'Claim ฿50' });
    const html = within(dialog).getByTestId('claim-description');
    expect(html.innerHTML).toBe('<p>Play <b>3 times</b></p>');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim ฿50' })).toBeNull());
    expect(api.callsTo('POST', '/api/spinwheel/coupon/claim')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Claim' }));
    dialog = await screen.findByRole('dialog', { name: 'Claim ฿50' });
    const setups = api.callsTo('GET', '/api/spinwheel/setup').length;
    const lists = api.callsTo('GET', '/api/spinwheel/coupon').length;
    fakeTimers();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await pass(300);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await pass(499);
    expect(api.callsTo('POST', '/api/spinwheel/coupon/claim')).toHaveLength(0);
    await pass(1);
    expect(api.callsTo('POST', '/api/spinwheel/coupon/claim').map((c) => c.body)).toEqual([
      { coupon: list[0]!._id },
    ]);
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim ฿50' })).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/setup').length).toBeGreaterThan(setups));
    expect(api.callsTo('GET', '/api/spinwheel/coupon').length).toBeGreaterThan(lists);
    expect(await screen.findByText('Prize claimed: Credit 50')).toBeTruthy();
  });

  it('[SPIN-4] a refused claim shows the spin error message (BONUS_REMAINING, COUPON_EXPIRED) and the modal stays', async () => {
    recordCanvas();
    let code = 'BONUS_REMAINING';
    const { user } = await openPanel({
      'GET /api/spinwheel/setup': () => setup(0),
      'GET /api/spinwheel/coupon': () => couponsAnswer(list),
      'POST /api/spinwheel/coupon/claim': () => fail(code),
    });
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim ฿50' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(errorEn('BONUS_REMAINING'));
    code = 'COUPON_EXPIRED';
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(errorEn('COUPON_EXPIRED')),
    );
    expect(errorEn('COUPON_EXPIRED')).not.toBe('COUPON_EXPIRED');
  });
});

describe('provably fair', () => {
  // The browser's Web Crypto (jsdom has none).
  const serverSeed = createHash('sha256').update('a seed for the web test').digest('hex');
  const weights = SLICES.map((s, i) => ({ code: s.code, weight: [5, 1, 3, 2][i]! }));
  /** The commitment as the server makes it: SHA-256 of the seed's hex text, a newline, the slices. */
  const commitmentOf = (seed: string) =>
    createHash('sha256')
      .update(`${seed}\n${weights.map((w) => `${w.code}:${w.weight}`).join(',')}`)
      .digest('hex');
  const drawn = (seed: string, n: number) =>
    weights[
      contract.drawWith(
        (round) =>
          createHmac('sha256', seed)
            .update(contract.spinMessage('my-seed', n, round))
            .digest('hex'),
        weights.map((w) => w.weight),
      )
    ]!.code;
  const record = (n: number, code: string, seed = serverSeed) => ({
    code,
    label: { en: `Won ${code}` },
    createdAt: '2026-11-21T10:00:00.000Z',
    proof: {
      spinNumber: n,
      serverSeed: seed,
      // The proof's own hash always fits its seed: the view must not trust it.
      serverSeedHash: commitmentOf(seed),
      clientSeed: 'my-seed',
      weights,
    },
  });
  const verifyItem = async (user: { click: (e: Element) => Promise<void> }, item: HTMLElement) => {
    await user.click(within(item).getByRole('button', { name: 'Verify' }));
    return (await within(item).findByRole('status')).textContent;
  };

  it('[SPIN-2] the verify view recomputes a past spin in the browser against the commitment it was shown before the spin, and flags a forged result', async () => {
    recordCanvas();
    vi.stubGlobal('crypto', webcrypto);
    const honest = drawn(serverSeed, 4);
    const other = SLICES.map((s) => s.code).find((c) => c !== drawn(serverSeed, 3))!;
    // An earlier visit's setup showed the commitment of spin #3 before it.
    keepCommitment('my-seed', 3, commitmentOf(serverSeed));
    // This setup shows the commitment of spin #4 before it: the browser keeps it.
    const { user } = await openPanel({
      'GET /api/spinwheel/setup': () =>
        setup(0, { serverSeedHash: commitmentOf(serverSeed), clientSeed: 'my-seed', nextSpinNumber: 4 }),
      'GET /api/spinwheel/spins': () =>
        json(contract.spins.response.parse({ result: [record(4, honest), record(3, other)] })),
    });
    await user.click(screen.getByRole('button', { name: 'Verify my spins' }));
    const [item, forged] = await screen.findAllByTestId('spin-record');
    expect(await verifyItem(user, item!)).toContain(
      `the seed matches the hash shown before the spin and gives Won ${honest}`,
    );
    expect(within(item!).getByText(commitmentOf(serverSeed))).toBeTruthy();
    // The committed seed with another result does not check out.
    expect(await verifyItem(user, forged!)).toContain('does not check out');
  });

  it('[SPIN-2] a revealed seed that matches its own hash but not the commitment shown before the spin is "not verified"; a spin whose commitment this browser never saw is not called verified', async () => {
    recordCanvas();
    vi.stubGlobal('crypto', webcrypto);
    const shownSeed = createHash('sha256').update('the seed committed to').digest('hex');
    const swapped = createHash('sha256').update('a seed chosen after').digest('hex');
    const { user } = await openPanel({
      // Before spin #4 the member was shown the commitment of shownSeed.
      'GET /api/spinwheel/setup': () =>
        setup(0, { serverSeedHash: commitmentOf(shownSeed), clientSeed: 'my-seed', nextSpinNumber: 4 }),
      // The server then reveals another seed, with a hash that fits it, and the slice it gives.
      'GET /api/spinwheel/spins': () =>
        json(
          contract.spins.response.parse({
            result: [record(4, drawn(swapped, 4), swapped), record(3, drawn(swapped, 3), swapped)],
          }),
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Verify my spins' }));
    const [spin4, spin3] = await screen.findAllByTestId('spin-record');
    expect(await verifyItem(user, spin4!)).toContain('does not check out');
    expect(await verifyItem(user, spin3!)).toContain('did not receive this spin');
  });

  it("[SPIN-2] a spin keeps the commitment shown before it: the spin's answer does not replace it, and the next spin's commitment is kept", async () => {
    recordCanvas();
    const earlier = commitmentOf(createHash('sha256').update('earlier').digest('hex'));
    const { api } = await openPanel({
      'GET /api/spinwheel/setup': () =>
        setup(1, { serverSeedHash: earlier, clientSeed: 'my-seed', nextSpinNumber: 4 }),
      'POST /api/spinwheel/spin': () => spinAnswer('C50', 0),
    });
    expect(keptCommitment('my-seed', 4)).toBe(earlier);
    fireEvent.click(spinButton());
    await waitFor(() => expect(api.callsTo('POST', '/api/spinwheel/spin')).toHaveLength(1));
    await waitFor(() => expect(wheel().dataset.winner).toBe('C50'));
    // The answer's own proof hash (HASH) is not kept for spin #4.
    expect(keptCommitment('my-seed', 4)).toBe(earlier);
    expect(keptCommitment('my-seed', 5)).toBe('ef'.repeat(32));
  });
});

describe('provably fair without Web Crypto', () => {
  it('[SPIN-2] a page without Web Crypto (not https) says the check cannot run here, not that the spin is false', async () => {
    recordCanvas();
    keepCommitment('my-seed', 1, HASH);
    vi.stubGlobal('crypto', { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) });
    const { user } = await openPanel({
      'GET /api/spinwheel/setup': () => setup(0),
      'GET /api/spinwheel/spins': () =>
        json(
          contract.spins.response.parse({
            result: [
              {
                code: 'C50',
                label: { en: 'C50' },
                createdAt: '2026-11-21T10:00:00.000Z',
                proof: {
                  spinNumber: 1,
                  serverSeed: 'cd'.repeat(32),
                  serverSeedHash: HASH,
                  clientSeed: 'my-seed',
                  weights: [{ code: 'C50', weight: 1 }],
                },
              },
            ],
          }),
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Verify my spins' }));
    const [item] = await screen.findAllByTestId('spin-record');
    await user.click(within(item!).getByRole('button', { name: 'Verify' }));
    expect((await within(item!).findByRole('status')).textContent).toContain('cannot run the check');
  });
});

describe('the wallet card', () => {
  const wallet = walletFixture({ profile: { ...profileFixture, coin: 4 } });

  it('[HOME-1] [SPIN-1] the spin-coin button shows the coins while the wheel is active and opens the wheel in a modal', async () => {
    recordCanvas();
    logIn();
    mockApi({
      'GET /api/wallet': () => json(wallet),
      'GET /api/spinwheel/active': () => json({ isActive: true }),
      'GET /api/spinwheel/setup': () => setup(4),
      'GET /api/spinwheel/coupon': () => couponsAnswer([]),
    });
    const { user } = await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    const button = await within(card).findByRole('button', { name: 'Spin wheel, coins: 4' });
    expect(button.textContent).toBe('4');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Spin wheel' });
    expect(await within(dialog).findByRole('button', { name: 'Spin the wheel (coins: 4)' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open the spin wheel page' }).getAttribute('href')).toBe(
      '/user/spin',
    );
  });

  it('[HOME-1] no spin-coin button while the wheel is off', async () => {
    logIn();
    const api = mockApi({
      'GET /api/wallet': () => json(wallet),
      'GET /api/spinwheel/active': () => json({ isActive: false }),
    });
    await renderApp('/user/home');
    const card = await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => expect(api.callsTo('GET', '/api/spinwheel/active')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(card).queryByRole('button', { name: /Spin wheel/ })).toBeNull();
  });
});
