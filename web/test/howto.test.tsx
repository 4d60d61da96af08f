// HELP-1: the how-to page's five videos, captioned in the member's language, and the operator's own
// recordings in place of Krapao's where the settings say so.
import { howtoLookup } from '@krapao/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, logIn, mockApi } from './api';
import { location, renderApp } from './render';

const KEYS = ['register', 'depositBank', 'depositQr', 'withdraw', 'transferPlay'];

const videos = () => KEYS.map((key) => screen.getByTestId(`howto-video-${key}`) as HTMLVideoElement);
const sourceOf = (v: HTMLVideoElement) => v.querySelector('source')!.getAttribute('src');
const trackOf = (v: HTMLVideoElement) => v.querySelector('track');

describe('how-to videos', () => {
  it('[HELP-1] five videos with controls, loaded only on play, posters and captions in the current language', async () => {
    mockApi();
    await renderApp('/howto', { locale: 'la' });
    expect(await screen.findByRole('heading', { name: 'ວິດີໂອແນະນຳການໃຊ້ງານ' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    for (const [i, v] of videos().entries()) {
      const key = KEYS[i];
      expect(v.hasAttribute('controls')).toBe(true);
      expect(v.getAttribute('preload')).toBe('none');
      expect(v.getAttribute('poster')).toBe(`/howto/${key}.webp`);
      expect(sourceOf(v)).toBe(`/howto/${key}.webm`);
      // One caption track, in Lao (BCP 47 `lo`), shown by default.
      expect(v.querySelectorAll('track')).toHaveLength(1);
      const track = trackOf(v)!;
      expect(track.getAttribute('src')).toBe(`/howto/${key}.la.vtt`);
      expect(track.getAttribute('srclang')).toBe('lo');
      expect(track.getAttribute('kind')).toBe('captions');
      expect(track.hasAttribute('default')).toBe(true);
      expect(track.getAttribute('label')).toBe('ພາສາລາວ');
    }
    // Titles and descriptions in Lao; the screens recorded in Thai, said so.
    const first = screen.getAllByRole('article')[0]!;
    expect(first.getAttribute('aria-label')).toBe('ວິທີສະໝັກສະມາຊິກ');
    expect(within(first).getByText(/ລະຫັດ SMS/)).toBeTruthy();
    expect(screen.getByText(/ໜ້າຈໍໃນວິດີໂອເປັນພາສາໄທ/)).toBeTruthy();

    // Switching the language switches the captions at once.
    await screen.findByRole('radio', { name: 'EN' }).then((r) => r.click());
    await waitFor(() => expect(trackOf(videos()[0]!)!.getAttribute('src')).toBe('/howto/register.en.vtt'));
    expect(videos().map((v) => trackOf(v)!.getAttribute('srclang'))).toEqual(Array(5).fill('en'));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'How to register',
      'Deposit by bank transfer',
      'Deposit by QR code',
      'How to withdraw',
      'Transfer to a game and play',
    ]);
  });

  it("[care] each of Krapao's videos offers the VP9 WebM first and the same in an H.264 MP4 after it, for iPhones before iOS 17.4", async () => {
    mockApi();
    await renderApp('/howto', { locale: 'th' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    for (const [i, v] of videos().entries()) {
      const key = KEYS[i]!;
      const sources = [...v.querySelectorAll('source')].map((el) => [
        el.getAttribute('src'),
        el.getAttribute('type'),
      ]);
      expect(sources).toEqual([
        [`/howto/${key}.webm`, 'video/webm; codecs="vp9"'],
        [`/howto/${key}.mp4`, 'video/mp4; codecs="avc1.4D401F"'],
      ]);
    }
  });

  it('[HELP-1] Thai captions in the Thai UI, with no note about the language of the screens', async () => {
    mockApi();
    await renderApp('/howto', { locale: 'th' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(videos().map((v) => trackOf(v)!.getAttribute('src'))).toEqual(
      KEYS.map((key) => `/howto/${key}.th.vtt`),
    );
    expect(trackOf(videos()[0]!)!.getAttribute('label')).toBe('ภาษาไทย');
    expect(screen.queryByText(/หน้าจอในวิดีโอเป็นภาษาไทย/)).toBeNull();
  });

  it('[HELP-1] a Laos build plays its own recordings (the Lao UI, a kip member) from howto/la/; a Thai build those in howto/', async () => {
    vi.stubEnv('VITE_REGION', 'la');
    mockApi();
    const laos = await renderApp('/howto', { locale: 'la' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    for (const [i, v] of videos().entries()) {
      const key = KEYS[i]!;
      expect([...v.querySelectorAll('source')].map((el) => el.getAttribute('src'))).toEqual([
        `/howto/la/${key}.webm`,
        `/howto/la/${key}.mp4`,
      ]);
      expect(v.getAttribute('poster')).toBe(`/howto/la/${key}.webp`);
      expect(trackOf(v)!.getAttribute('src')).toBe(`/howto/la/${key}.la.vtt`);
    }
    // The screens are in Lao: no note in Lao; in English, a note that they are in Lao.
    expect(screen.queryByText(/ໜ້າຈໍໃນວິດີໂອເປັນພາສາ/)).toBeNull();
    await screen.findByRole('radio', { name: 'EN' }).then((r) => r.click());
    await waitFor(() => expect(trackOf(videos()[0]!)!.getAttribute('src')).toBe('/howto/la/register.en.vtt'));
    expect(screen.getByText('The screens are shown in Lao; the captions follow your language.')).toBeTruthy();
    laos.unmount();

    vi.stubEnv('VITE_REGION', 'th');
    mockApi();
    await renderApp('/howto', { locale: 'la' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    for (const [i, v] of videos().entries()) {
      const key = KEYS[i]!;
      expect([...v.querySelectorAll('source')].map((el) => el.getAttribute('src'))).toEqual([
        `/howto/${key}.webm`,
        `/howto/${key}.mp4`,
      ]);
      expect(v.getAttribute('poster')).toBe(`/howto/${key}.webp`);
      expect(trackOf(v)!.getAttribute('src')).toBe(`/howto/${key}.la.vtt`);
    }
    expect(screen.getByText(/ໜ້າຈໍໃນວິດີໂອເປັນພາສາໄທ/)).toBeTruthy();
  });

  it("[HELP-1] on a Laos build the operator's own recording still replaces Krapao's", async () => {
    vi.stubEnv('VITE_REGION', 'la');
    mockApi({
      'GET /api/lookup/howto': () =>
        json(
          howtoLookup.response.parse({
            videos: [
              {
                key: 'depositQr',
                url: 'https://cdn.example/qr-lao.mp4',
                poster: 'https://cdn.example/qr-lao.jpg',
                captions: { th: '', la: '/media/qr.la.vtt', en: '' },
              },
            ],
          }),
        ),
    });
    await renderApp('/howto', { locale: 'la' });
    await waitFor(() => expect(sourceOf(videos()[2]!)).toBe('https://cdn.example/qr-lao.mp4'));
    expect(videos()[2]!.getAttribute('poster')).toBe('https://cdn.example/qr-lao.jpg');
    expect(trackOf(videos()[2]!)!.getAttribute('src')).toBe('/media/qr.la.vtt');
    expect(sourceOf(videos()[1]!)).toBe('/howto/la/depositBank.webm');
  });

  it("[HELP-1] the operator's setting replaces one video with their own recording; the others stay Krapao's", async () => {
    const api = mockApi({
      'GET /api/lookup/howto': () =>
        json(
          howtoLookup.response.parse({
            videos: [
              {
                key: 'withdraw',
                url: 'https://cdn.example/withdraw.mp4',
                poster: 'https://cdn.example/withdraw.jpg',
                captions: { th: '/media/withdraw.th.vtt', la: '', en: '/media/withdraw.en.vtt' },
              },
              {
                key: 'register',
                url: 'https://cdn.example/register.mp4',
                poster: '',
                captions: { th: '', la: '', en: '' },
              },
            ],
          }),
        ),
    });
    await renderApp('/howto', { locale: 'en' });
    await waitFor(() => expect(sourceOf(videos()[3]!)).toBe('https://cdn.example/withdraw.mp4'));
    const [register, depositBank, , withdraw] = videos();
    expect(withdraw!.getAttribute('poster')).toBe('https://cdn.example/withdraw.jpg');
    // The operator's file may be any type the browser plays: no type is claimed for it.
    expect(withdraw!.querySelector('source')!.hasAttribute('type')).toBe(false);
    // Their one file, not Krapao's MP4 beside it.
    expect(withdraw!.querySelectorAll('source')).toHaveLength(1);
    expect(trackOf(withdraw!)!.getAttribute('src')).toBe('/media/withdraw.en.vtt');
    // Without captions or a poster of their own, none: Krapao's would not match their recording.
    expect(sourceOf(register!)).toBe('https://cdn.example/register.mp4');
    expect(register!.hasAttribute('poster')).toBe(false);
    expect(trackOf(register!)).toBeNull();
    expect(sourceOf(depositBank!)).toBe('/howto/depositBank.webm');
    expect(trackOf(depositBank!)!.getAttribute('src')).toBe('/howto/depositBank.en.vtt');
    expect(api.callsTo('GET', '/api/lookup/howto')).toHaveLength(1);
  });

  it('[HELP-1] [ERR-3] when the setting cannot be read, the page stays quiet and plays its own videos', async () => {
    mockApi({ 'GET /api/lookup/howto': () => json({ message: 'INTERNAL_SERVER_ERROR' }, 500) });
    await renderApp('/howto');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(videos().map(sourceOf)).toEqual(KEYS.map((key) => `/howto/${key}.webm`));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('[HELP-1] a member reaches it from their contact page and keeps the member menu', async () => {
    logIn();
    mockApi();
    const { user, router } = await renderApp('/user/contact');
    await user.click(await screen.findByRole('link', { name: 'How to use Krapao' }));
    await waitFor(() => expect(location(router)).toBe('/user/howto'));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    expect(screen.getByRole('navigation', { name: 'Member menu' })).toBeTruthy();
  });
});
