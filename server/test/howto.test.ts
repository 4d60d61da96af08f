import { describe, expect, it } from 'vitest';
import { howtoLookup } from '@krapao/contract';
import { call, useTestApp } from './helpers.ts';

const t = useTestApp();

const setVideos = (value: unknown) =>
  t.db.query(
    `insert into settings (key, value) values ('site.howtoVideos', $1)
     on conflict (key) do update set value = excluded.value`,
    [JSON.stringify(value)],
  );

describe('how-to videos', () => {
  it('[HELP-1] with nothing set, no video is replaced: the page plays its own', async () => {
    await t.db.query(`delete from settings where key = 'site.howtoVideos'`);
    const res = await call(t.app, 'GET', '/api/lookup/howto');
    expect(res.status).toBe(200);
    expect(howtoLookup.response.parse(res.body)).toEqual({ videos: [] });
  });

  it("[HELP-1] the operator's setting points a video to their own recording, with poster and captions", async () => {
    await setVideos({
      register: 'https://cdn.example/register.mp4',
      withdraw: {
        url: '/media/withdraw.mp4',
        poster: 'https://cdn.example/withdraw.jpg',
        captions: { th: '/media/withdraw.th.vtt', en: '/media/withdraw.en.vtt' },
      },
    });
    const res = await call(t.app, 'GET', '/api/lookup/howto');
    expect(howtoLookup.response.parse(res.body).videos).toEqual([
      {
        key: 'register',
        url: 'https://cdn.example/register.mp4',
        poster: '',
        captions: { th: '', la: '', en: '' },
      },
      {
        key: 'withdraw',
        url: '/media/withdraw.mp4',
        poster: 'https://cdn.example/withdraw.jpg',
        captions: { th: '/media/withdraw.th.vtt', la: '', en: '/media/withdraw.en.vtt' },
      },
    ]);
  });

  it('[HELP-1] an address a page must not load (script, data, plain http, another host by //) is dropped', async () => {
    await setVideos({
      register: 'javascript:alert(1)',
      depositBank: 'data:video/mp4;base64,AAAA',
      depositQr: 'http://cdn.example/qr.mp4',
      withdraw: '//evil.example/w.mp4',
      transferPlay: {
        url: 'https://cdn.example/play.mp4',
        poster: 'javascript:alert(1)',
        // Caption files only from this site: another host's would need CORS.
        captions: { th: 'https://cdn.example/play.th.vtt', la: '/media/play.la.vtt', en: 42 },
      },
      unknown: 'https://cdn.example/other.mp4',
    });
    const { videos } = howtoLookup.response.parse((await call(t.app, 'GET', '/api/lookup/howto')).body);
    expect(videos).toEqual([
      {
        key: 'transferPlay',
        url: 'https://cdn.example/play.mp4',
        poster: '',
        captions: { th: '', la: '/media/play.la.vtt', en: '' },
      },
    ]);
  });

  it('[HELP-1] the page may play videos and show posters from an https address (Content-Security-Policy)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lookup/howto' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("media-src 'self' https:");
    expect(csp).toMatch(/img-src [^;]*https:/);
    expect(csp).toContain("script-src 'self'");
  });
});
