// node scripts/app-icons.mjs: draws the installable app's icons (web/public/icons/*.png, listed in
// web/public/manifest.webmanifest) from the brand's mark, the wallet of web/public/favicon.svg, in
// Debian's Chromium. Run it after changing the mark, and commit the PNGs.
//   icon-192 and icon-512 ("any"): the favicon's rounded square on a transparent ground.
//   icon-maskable-512 ("maskable"): the launcher crops it to its own shape (a circle, a squircle), so the
//   ground fills the square and the wallet keeps inside the middle 80 % (the safe zone of the spec).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium, root } from './lib.mjs';

const OUT = join(root, 'web', 'public', 'icons');
const favicon = readFileSync(join(root, 'web', 'public', 'favicon.svg')).toString('base64');
/** The wallet alone, on the brand's dark green, scaled into the safe zone. */
const maskable = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0b3b34"/>` +
    `<g transform="translate(32 32) scale(0.82) translate(-32 -34)">` +
    `<rect x="12" y="20" width="40" height="28" rx="7" fill="#12b886"/>` +
    `<rect x="36" y="29" width="16" height="10" rx="5" fill="#0b3b34"/>` +
    `<circle cx="42" cy="34" r="2.5" fill="#e6fcf5"/></g></svg>`,
).toString('base64');

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

const browser = await launchChromium({ viewport: { width: 512, height: 512 } });
try {
  for (const icon of ICONS) {
    await browser.page.setViewportSize({ width: icon.size, height: icon.size });
    await browser.page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style>` +
        `<img src="data:image/svg+xml;base64,${icon.svg}" width="${icon.size}" height="${icon.size}">`,
    );
    await browser.page.locator('img').evaluate((img) => img.decode());
    await browser.page.screenshot({ path: join(OUT, icon.file), omitBackground: true });
    console.log(`web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
