import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AgreementsPrompt } from '../src/app/agreements-prompt';
import { STORAGE_KEYS } from '../src/lib/storage';
import { agreementsFixture, fail, json, logIn, mockApi, profileFixture } from './api';
import { passTime } from './clock';
import { errorEn, renderApp, renderUi } from './render';

const VERSION = agreementsFixture.version;
const notAccepted = () => json({ version: VERSION, accepted: false, acceptedAt: null });
const acceptedNow = (version = VERSION) =>
  json({ version, accepted: true, acceptedAt: '2026-11-21T10:00:01.000Z' });
const TITLE = 'Before you play';
const dialog = () => screen.queryByRole('dialog', { name: TITLE });

/** Timers and the clock are fake; setImmediate stays real, so chunks and answers can arrive meanwhile. */
const fakeTimers = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

/**
 * Lets real time pass (an answer, a chunk's import) until `done` holds, running the timers that are due
 * (the query cache's zero-delay notifications) but not moving the fake clock, so the test alone decides
 * when the modal's delay is over. Bounded by real time: a count of turns ran out before a chunk's import
 * had finished on a busy machine, and moved the clock 1 ms a turn.
 */
async function until(done: () => boolean) {
  const giveUpAt = performance.now() + 15_000;
  while (!done() && performance.now() < giveUpAt) {
    await passTime(0);
    await new Promise((r) => setImmediate(r));
  }
  return done();
}
/** Until the modal has loaded and painted (a dynamic import takes real time). */
const untilDialog = async () => ((await until(() => dialog() !== null)) ? dialog() : null);

beforeAll(async () => {
  // The modal loads lazily; have its chunk at hand so the fake clock alone decides when it shows.
  await import('../src/features/agreements/components/AgreementsModal');
});
afterEach(() => vi.useRealTimers());

describe('agreements modal', () => {
  it('[HOME-2] opens about 1.5 s after load with the list of agreements, their HTML cleaned', async () => {
    fakeTimers();
    logIn();
    const api = mockApi({
      'GET /api/lookup/agreements': () =>
        json({
          ...agreementsFixture,
          agreements: [
            ...agreementsFixture.agreements,
            {
              id: 'x',
              title: { th: 'x', la: 'x', en: 'Limits' },
              content: {
                th: 'x',
                la: 'x',
                en: '<p onclick="alert(1)">Set a budget<img src=x onerror="alert(2)"></p><script>alert(3)</script>',
              },
            },
          ],
        }),
      'GET /api/agreements/status': notAccepted,
    });
    await renderUi(<AgreementsPrompt />);
    const loadedAt = Date.now();
    // The texts and the status arrive long before the delay is over; the modal waits for it.
    expect(await until(() => api.callsTo('GET', '/api/agreements/status').length === 1)).toBe(true);
    await passTime(loadedAt + 1_400 - Date.now());
    expect(dialog()).toBeNull();

    await passTime(100);
    const modal = await untilDialog();
    expect(Date.now() - loadedAt).toBeLessThan(1_600);
    expect(modal).not.toBeNull();
    const sections = within(modal!).getAllByRole('region');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Aged 18 or over',
      'One account per person',
      'Limits',
    ]);
    expect(within(sections[0]!).getByText('18').tagName).toBe('STRONG');
    const limits = sections[2]!;
    expect(limits.textContent).toContain('Set a budget');
    expect(limits.innerHTML).not.toMatch(/onclick|onerror|<img|<script/i);
    // No close button: it stays until the member accepts.
    expect(within(modal!).queryByRole('button', { name: /close/i })).toBeNull();
    expect(
      within(modal!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['I have read and accept']);
  });

  it('[HOME-2] accepting sends the version read, hides the modal and remembers it in the browser', async () => {
    fakeTimers();
    logIn();
    const api = mockApi({
      'GET /api/agreements/status': notAccepted,
      'POST /api/agreements/accept': () => acceptedNow(),
    });
    await renderUi(<AgreementsPrompt />);
    await passTime(1_500);
    const modal = await untilDialog();
    fireEvent.click(within(modal!).getByRole('button', { name: 'I have read and accept' }));
    await passTime(500);
    expect(api.callsTo('POST', '/api/agreements/accept').map((c) => c.body)).toEqual([{ version: VERSION }]);
    expect(dialog()).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.agreement)!)).toEqual({
      [profileFixture._id]: VERSION,
    });
  });

  it('[HOME-2] does not open when the server says this version was accepted, and remembers that', async () => {
    fakeTimers();
    logIn();
    mockApi({ 'GET /api/agreements/status': () => acceptedNow() });
    await renderUi(<AgreementsPrompt />);
    await passTime(3_000);
    expect(dialog()).toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.agreement)!)).toEqual({
      [profileFixture._id]: VERSION,
    });
  });

  it('[HOME-2] the browser flag of this member and version spares the status call; a new version asks again', async () => {
    fakeTimers();
    logIn();
    localStorage.setItem(STORAGE_KEYS.agreement, JSON.stringify({ [profileFixture._id]: VERSION }));
    const api = mockApi({ 'GET /api/agreements/status': notAccepted });
    const first = await renderUi(<AgreementsPrompt />);
    await passTime(3_000);
    expect(dialog()).toBeNull();
    expect(api.callsTo('GET', '/api/agreements/status')).toHaveLength(0);
    first.unmount();

    // The operator changed the texts: the flag remembers the old version only.
    const next = 'fedcba9876543210';
    const api2 = mockApi({
      'GET /api/lookup/agreements': () => json({ ...agreementsFixture, version: next }),
      'GET /api/agreements/status': () => json({ version: next, accepted: false, acceptedAt: null }),
    });
    await renderUi(<AgreementsPrompt />);
    await passTime(1_500);
    expect(await untilDialog()).not.toBeNull();
    expect(api2.callsTo('GET', '/api/agreements/status')).toHaveLength(1);
  });

  it("[HOME-2] another member's flag on this browser does not count", async () => {
    fakeTimers();
    logIn();
    localStorage.setItem(STORAGE_KEYS.agreement, JSON.stringify({ someone_else: VERSION }));
    mockApi({ 'GET /api/agreements/status': notAccepted });
    await renderUi(<AgreementsPrompt />);
    await passTime(1_500);
    expect(await untilDialog()).not.toBeNull();
  });

  it('[HOME-2] waits while another dialog is open instead of stacking over it', async () => {
    fakeTimers();
    logIn();
    mockApi({ 'GET /api/agreements/status': notAccepted });
    function Other() {
      const [open, setOpen] = useState(true);
      return open ? (
        <div role="dialog" aria-label="Game account">
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      ) : null;
    }
    await renderUi(
      <>
        <Other />
        <AgreementsPrompt />
      </>,
    );
    await passTime(3_000);
    expect(dialog()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await untilDialog()).not.toBeNull();
  });

  it('[HOME-2] [ERR-3] a stale version is refused with the translated AGREEMENTS_CHANGED, and the new texts are read', async () => {
    fakeTimers();
    logIn();
    let version = VERSION;
    const api = mockApi({
      'GET /api/lookup/agreements': () => json({ ...agreementsFixture, version }),
      'GET /api/agreements/status': () => json({ version, accepted: false, acceptedAt: null }),
      'POST /api/agreements/accept': (call) =>
        (call.body as { version: string }).version === version
          ? acceptedNow(version)
          : fail('AGREEMENTS_CHANGED', 409),
    });
    await renderUi(<AgreementsPrompt />);
    await passTime(1_500);
    const modal = await untilDialog();
    version = 'fedcba9876543210';
    fireEvent.click(within(modal!).getByRole('button', { name: 'I have read and accept' }));
    await passTime(500);
    vi.useRealTimers();
    expect(await screen.findByText(errorEn('AGREEMENTS_CHANGED'))).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/agreements')).toHaveLength(2));
    expect(dialog()).not.toBeNull();
  });

  it('[HOME-2] on /user/home the modal opens for a member who has not accepted, and accepting frees the home', async () => {
    logIn();
    mockApi({
      'GET /api/agreements/status': notAccepted,
      'POST /api/agreements/accept': () => acceptedNow(),
    });
    const { user } = await renderApp('/user/home');
    const modal = await screen.findByRole('dialog', { name: TITLE }, { timeout: 8_000 });
    await user.click(within(modal).getByRole('button', { name: 'I have read and accept' }));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('[HOME-2] on /user/home nothing opens when the member has accepted', async () => {
    logIn();
    const api = mockApi();
    await renderApp('/user/home');
    await screen.findByRole('region', { name: 'Wallet' });
    await waitFor(() => expect(api.callsTo('GET', '/api/agreements/status')).toHaveLength(1));
    // The prompt has decided when it remembers the accepted version: nothing opens after that.
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.agreement) ?? 'null')).toEqual({
        [profileFixture._id]: VERSION,
      }),
    );
    expect(dialog()).toBeNull();
  });
});
