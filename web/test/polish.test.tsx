// "Polish a member notices": the member 404, Thai and Lao labels that wrap only between words, the
// withdraw icon, one set of initials, the description, Lao bank names and sentence-case English labels.
import { accounts, statement } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import en from '../src/i18n/locales/en.json';
import { wordChunks } from '../src/lib/words';
import { initials } from '../src/lib/initials';
import { json, logIn, mockApi, profileFixture, walletFixture } from './api';
import { location, renderApp } from './render';

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');

describe('member 404', () => {
  it('[SH-7] a member on an unknown /user/ page stays in the member shell, with a way home', async () => {
    logIn();
    mockApi();
    const { user, router } = await renderApp('/user/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Member menu' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('member-name').textContent).toBe('Somchai Jaidee'));
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    await waitFor(() => expect(location(router)).toBe('/user/home'));
  });
});

describe('labels wrap between words', () => {
  it('[trust-15] Thai and Lao labels break only between words, never inside one the dictionary misses', () => {
    // ICU's dictionary cuts คาสิโน (casino) into คา|สิ|โน.
    expect(wordChunks('กีฬาและคาสิโน', 'th')).toEqual(['กีฬา', 'และคาสิโน']);
    expect(wordChunks('ฝากผ่านคิวอาร์โค้ด', 'th').join('|')).not.toMatch(/คิว\|อาร์/);
    expect(wordChunks('ກິລາ ແລະ ຄາສິໂນ', 'la')).toEqual(['ກິລາ', ' ', 'ແລະ', ' ', 'ຄາສິໂນ']);
    expect(wordChunks('ແກ້ໄຂໂປຣໄຟລ໌', 'la').join('|')).not.toMatch(/ໂປຣ\|ໄຟລ໌/);
    expect(wordChunks('ກຳລັງໂຫຼດ', 'la').join('|')).not.toMatch(/ໂຫຼ\|ດ/);
    expect(wordChunks('Sport and casino', 'en')).toEqual(['Sport and casino']);
  });

  it('[HOME-3] [SH-10] [SH-11] [trust-15] home cards, the menu and the drawer tiles are made of unbreakable words', async () => {
    logIn();
    // HOME-3: a category's carousel shows when the wallet offers games in it.
    mockApi({
      'GET /api/wallet': () =>
        json(
          walletFixture({
            slots: [{ code: 'UFABET', name: 'UFABET', category: 'sport', amount: 0, active: false }],
          }),
        ),
    });
    const { user } = await renderApp('/user/home', { locale: 'th' });
    const sport = await screen.findByText('และคาสิโน');
    expect(sport.className).toBe('word');
    expect(sport.parentElement?.textContent).toBe('กีฬาและคาสิโน');
    const nav = screen.getByRole('navigation', { name: 'เมนูสมาชิก' });
    expect(within(nav).getByText('แรก').className).toBe('word');
    await user.click(screen.getByRole('button', { name: 'เปิดเมนูด่วน' }));
    const drawer = await screen.findByRole('dialog', { name: 'เมนูด่วน' });
    expect(within(drawer).getByRole('button', { name: /^คืนยอดเสีย$/ })).toBeTruthy();
    expect(within(drawer).getByText('คืนยอด').className).toBe('word');
  });
});

describe('one look for money out and for the member', () => {
  it('[SH-11] [ST-2] [trust-18] withdraw shows the "out" icon, not the deposit one, in the drawer and the statement', async () => {
    logIn();
    const entry = (statementType: 'deposit' | 'withdraw') =>
      statement.statementEntrySchema.parse({
        _id: `st_${statementType}`,
        statementType,
        status: 'SUCCESS',
        amount: 100,
        channel: statementType === 'deposit' ? 'BANK' : 'BANK_PAYOUT',
        reason: null,
        createdAt: new Date().toISOString(),
      });
    mockApi({
      'POST /api/statement': () =>
        json(
          statement.getStatement.response.parse({
            total: 2,
            statements: [entry('deposit'), entry('withdraw')],
          }),
        ),
    });
    const { user } = await renderApp('/user/statement');
    const iconOf = (el: Element | null) => el?.querySelector('svg')?.getAttribute('class') ?? '';
    const row = async (type: string) => {
      await waitFor(() => expect(document.querySelector(`li[data-type="${type}"]`)).not.toBeNull());
      return document.querySelector(`li[data-type="${type}"]`);
    };
    // Tabler's "arrow down from arc": the arrow rises out of the bowl the deposit's arrow falls into.
    expect(iconOf(await row('withdraw'))).toContain('tabler-icon-arrow-down-from-arc');
    expect(iconOf(await row('deposit'))).toContain('tabler-icon-arrow-down-to-arc');
    await user.click(screen.getByRole('button', { name: 'Open quick actions' }));
    const drawer = await screen.findByRole('dialog', { name: 'Quick actions' });
    expect(iconOf(within(drawer).getByRole('button', { name: 'Withdraw' }))).toContain(
      'tabler-icon-arrow-down-from-arc',
    );
    expect(iconOf(within(drawer).getByRole('button', { name: 'Deposit' }))).toContain(
      'tabler-icon-arrow-down-to-arc',
    );
  });

  it('[SH-9] [PRO-1] [trust-18] the header and the profile show the same initials', async () => {
    expect(initials('Somchai Jaidee')).toBe('SJ');
    expect(initials('เอกชัย ใจดี')).toBe('อ'); // a leading vowel is not an initial
    expect(initials('ແກ້ວ ມະນີ')).toBe('ກ');
    expect(initials('  ')).toBe('?');
    logIn();
    mockApi();
    await renderApp('/user/profile');
    await screen.findByRole('heading', { name: 'Somchai Jaidee' });
    await waitFor(() => expect(screen.getAllByText('SJ')).toHaveLength(2));
  });
});

describe('texts that follow the language', () => {
  it('[SH-2] [trust-18] the page description follows the language; a deployment may set its own per language', async () => {
    vi.stubEnv('VITE_SITE_DESCRIPTION_EN', 'Acme wallet: play and pay.');
    mockApi();
    const { user } = await renderApp('/login', { locale: 'th' });
    await screen.findByRole('button', { name: 'เข้าสู่ระบบ' });
    expect(description()).toBe('กระเป๋า: กระเป๋าเงินสมาชิกของคุณ ฝาก โอน และถอนเงินได้อย่างปลอดภัย');
    await user.click(screen.getByRole('radio', { name: 'ລາວ' }));
    await waitFor(() =>
      expect(description()).toBe('ກະເປົາ: ກະເປົາເງິນສະມາຊິກຂອງທ່ານ ຝາກ, ໂອນ ແລະ ຖອນເງິນໄດ້ຢ່າງປອດໄພ'),
    );
    await user.click(screen.getByRole('radio', { name: 'EN' }));
    await waitFor(() => expect(description()).toBe('Acme wallet: play and pay.'));
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it("[PRO-1] [trust-18] Lao screens show the bank's Lao name where it has one", async () => {
    logIn();
    const bank = { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' };
    mockApi({
      'GET /api/account/profile': () => json(accounts.getProfile.response.parse({ ...profileFixture, bank })),
    });
    await renderApp('/user/profile', { locale: 'la' });
    expect(await screen.findByText('ທະນາຄານກະສິກອນໄທ')).toBeTruthy();
    expect(screen.getByText('Kasikornbank')).toBeTruthy();
  });

  it('[BAL-1] [ST-2] [trust-18] English labels stay in sentence case: no capitals by style', async () => {
    logIn();
    mockApi({
      'POST /api/statement': () =>
        json(
          statement.getStatement.response.parse({
            total: 1,
            statements: [
              statement.statementEntrySchema.parse({
                _id: 'st_1',
                statementType: 'deposit',
                status: 'SUCCESS',
                amount: 100,
                channel: 'BANK',
                reason: null,
                createdAt: new Date().toISOString(),
              }),
            ],
          }),
        ),
    });
    const home = await renderApp('/user/home');
    const main = await screen.findByText('Main wallet');
    expect(getComputedStyle(main.closest('p, div')!).textTransform).not.toBe('uppercase');
    home.unmount();
    await renderApp('/user/statement');
    const success = await screen.findAllByText(en.statement.status.success);
    const badge = success[0]!.closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.textTransform).toBe('none');
  });
});
