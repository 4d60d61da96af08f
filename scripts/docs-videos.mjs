// npm run docs:videos: records the how-to page's five videos (HELP-1) from Krapao itself. Starts the server
// on a fresh embedded database with the simulated outside world, drives each flow at a phone's size in
// Debian's Chromium (the Thai UI; a Laos build's in Lao, below), records the screen with the DevTools screencast, and encodes each with
// Debian's ffmpeg into web/public/howto/: <key>.webm (VP9), <key>.mp4 (H.264, for iPhones before iOS 17.4),
// <key>.webp (poster) and <key>.<th|la|en>.vtt (captions timed by the flow's own steps). The files are
// committed: the app serves them as they are. Only the flows named on the command line when any are (e.g.
// `npm run docs:videos -- withdraw`); a flow after the first needs the member the first registers, so the
// ones before it run unrecorded. `-- --region la` records a Laos build's own (REGION=la: the Laos web app
// in web/dist/la, the server with REGION=la, the Lao UI, a kip member at BCEL) into web/public/howto/la/,
// which a Laos build's how-to page plays.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, launchChromium, root, startServer, webBuildIsStale, webDist } from './lib.mjs';
import { caption } from './docs-videos/captions.mjs';
import { encodeVideo, ensureFfmpeg, webVtt } from './docs-videos/encode.mjs';
import { FLOWS, REGIONS } from './docs-videos/flows.mjs';
import { showTaps, startRecording } from './docs-videos/recorder.mjs';

// [--region th|la] [KEY ...]: Thai unless told.
const args = process.argv.slice(2);
let region = 'th';
const wanted = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--region') region = args[++i];
  else if (args[i].startsWith('--region=')) region = args[i].slice('--region='.length);
  else wanted.push(args[i]);
}
if (!REGIONS[region]) throw new Error(`unknown region ${region}; one of ${Object.keys(REGIONS).join(', ')}`);
const regionData = REGIONS[region];
const laos = region === 'la';
if (laos) {
  // The Laos web app as `REGION=la npm start` builds it (scripts/build-web-laos.mjs): web/dist/la.
  for (const key of Object.keys(process.env)) if (key.startsWith('VITE_')) delete process.env[key];
  process.env.REGION = 'la';
}

const OUT = join(root, 'web/public/howto', laos ? 'la' : '');
const SIZE = { width: 390, height: 844 };
const LOCALES = ['th', 'la', 'en'];
/** Where each poster is taken: a step that shows what the video is about. */
const POSTER_STEP = {
  register: 'bank',
  depositBank: 'account',
  depositQr: 'scan',
  withdraw: 'done',
  transferPlay: 'play',
};

for (const key of wanted) {
  if (!FLOWS[key]) throw new Error(`unknown video ${key}; one of ${Object.keys(FLOWS).join(', ')}`);
}
const ffmpeg = ensureFfmpeg();

if (webBuildIsStale()) {
  console.log(laos ? 'Building the Laos web app ...' : 'Building the web app ...');
  const code = await buildWeb();
  if (code !== 0) process.exit(code);
}
const server = await startServer({
  RATE_LIMIT_PER_MIN: '100000',
  REALTIME_HANDSHAKES_PER_MIN: '100000',
  ...(laos ? { REGION: 'la', WEB_DIST: webDist('la') } : {}),
});
// A Thai (or Lao) phone: the game's launch takes the browser's language (Accept-Language).
const browser = await launchChromium({ viewport: SIZE, locale: regionData.browserLocale });
mkdirSync(OUT, { recursive: true });
try {
  const { page } = browser;
  await page.addInitScript(showTaps);
  // The region's UI (Thai, or Lao) whatever the browser's language (SH-1: the saved choice wins).
  await page.goto(`${server.base}/login`);
  await page.evaluate((locale) => localStorage.setItem('locale', locale), regionData.locale);
  const pause = (ms) => page.waitForTimeout(ms);

  const flows = Object.entries(FLOWS);
  // Past the last flow asked for, nothing needs to run.
  const last = wanted.length
    ? Math.max(...wanted.map((k) => flows.findIndex(([key]) => key === k)))
    : Infinity;
  for (const [i, [key, flow]] of flows.entries()) {
    if (i > last) break;
    const record = !wanted.length || wanted.includes(key);
    const ctx = { page, base: server.base, pause, step: () => {}, r: regionData };
    await flow.prepare(ctx);
    if (!record) {
      await flow.run(ctx);
      continue;
    }
    console.log(`Recording ${key}${laos ? ' (Laos)' : ''} ...`);
    const recorder = await startRecording(page, SIZE);
    await flow.run({ ...ctx, step: (s) => recorder.step(s) }).catch(async (error) => {
      const shot = join(tmpdir(), `krapao-howto-${key}-failed.png`);
      await page.screenshot({ path: shot }).catch(() => {});
      throw new Error(`${key} failed (the screen then: ${shot})`, { cause: error });
    });
    const recording = await recorder.stop();

    const video = join(OUT, `${key}.webm`);
    const mp4 = join(OUT, `${key}.mp4`);
    const poster = join(OUT, `${key}.webp`);
    const posterCue = recording.cues.find((c) => c.key === POSTER_STEP[key]) ?? recording.cues[0];
    // Past the step's first taps, before the next step's.
    const posterMs = posterCue.startMs + 0.6 * (posterCue.endMs - posterCue.startMs);
    encodeVideo(ffmpeg, recording, { out: video, mp4, poster, posterMs, ...SIZE });
    for (const lng of LOCALES) {
      const vtt = webVtt(recording.cues, (step) => {
        const text = caption(region, key, step, lng);
        if (!text) throw new Error(`no ${lng} caption for ${key}.${step}`);
        return text;
      });
      writeFileSync(join(OUT, `${key}.${lng}.vtt`), vtt);
    }
    const kb = (path) => (statSync(path).size / 1024).toFixed(0);
    console.log(
      `  ${key}.webm ${kb(video)} KB, .mp4 ${kb(mp4)} KB, ${(recording.durationMs / 1000).toFixed(1)} s; ` +
        `poster ${kb(poster)} KB`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
