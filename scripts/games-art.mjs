// npm run games:art: draws each game provider's artwork (web/public/games/<CODE>.svg and <CODE>-bg.svg,
// drawn for Krapao) as the WebP pictures the app shows (<CODE>.webp, <CODE>-bg.webp), in Debian's
// Chromium, encoded by Debian's ffmpeg. Run it after changing an SVG, and commit both.
//   Why pictures and not the SVGs: a browser draws each SVG picture as a document of its own, built,
//   laid out and painted on the page's main thread. The home's game cards showed 32 of them, and a phone
//   spent its first seconds on them (npm run bench:web). A WebP is decoded off the main thread.
//   Sizes: a logo is shown at most 64 CSS pixels wide and a background about 360, so 192 and 720 pixels
//   are enough for a phone's 3x and 2x screens; the backgrounds are soft gradients.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, root } from './lib.mjs';

const DIR = join(root, 'web', 'public', 'games');
const LOGO = { width: 192, height: 192, quality: 85 };
const BACKGROUND = { width: 720, height: 400, quality: 75 };

const work = mkdtempSync(join(tmpdir(), 'krapao-art-'));
const browser = await launchChromium({ viewport: { width: 720, height: 400 } });
try {
  for (const name of readdirSync(DIR)
    .filter((n) => n.endsWith('.svg'))
    .sort()) {
    const size = name.endsWith('-bg.svg') ? BACKGROUND : LOGO;
    const svg = readFileSync(join(DIR, name)).toString('base64');
    await browser.page.setViewportSize({ width: size.width, height: size.height });
    await browser.page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style>` +
        `<img src="data:image/svg+xml;base64,${svg}" width="${size.width}" height="${size.height}">`,
    );
    await browser.page.locator('img').evaluate((img) => img.decode());
    const png = join(work, name.replace(/\.svg$/, '.png'));
    await browser.page.screenshot({ path: png, omitBackground: true });
    const webp = join(DIR, name.replace(/\.svg$/, '.webp'));
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      png,
      '-c:v',
      'libwebp',
      '-quality',
      String(size.quality),
      webp,
    ]);
    console.log(
      `  ${name.replace(/\.svg$/, '.webp').padEnd(22)} ${(statSync(webp).size / 1024).toFixed(1)} KB`,
    );
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
