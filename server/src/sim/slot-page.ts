import type { Currency } from '@krapao/contract';
import {
  BET_OPTIONS_MINOR,
  LINES,
  ONE_CHERRY,
  REEL_STRIP,
  RTP_PERCENT,
  THREE_OF_A_KIND,
  TWO_CHERRIES,
} from './slot.ts';

/**
 * The demo slot's page, served by the simulated aggregator where a launch link leads:
 * plain HTML, one stylesheet and one script (the server's Content-Security-Policy allows scripts from
 * its own origin only, so nothing is inline). The page spins on the aggregator (POST .../spin), which
 * moves the account's balance and records the round in the provider's bet feed; the page only shows it.
 * Its words are in the language the launch carried (th, la, en; a switch on the page changes it).
 */
export const SLOT_LANGUAGES = ['th', 'la', 'en'] as const;
export type SlotLanguage = (typeof SLOT_LANGUAGES)[number];

/** A language tag as a launch or a browser sends it (th-TH, lo, la, en-US) as one of the page's. */
export function slotLanguage(tag: string | undefined): SlotLanguage {
  const base = (tag ?? '').toLowerCase().split(/[-_,;]/)[0];
  if (base === 'lo' || base === 'la') return 'la';
  if (base === 'en') return 'en';
  return 'th';
}

const TEXTS = {
  th: {
    title: 'สล็อตทดลอง',
    balance: 'ยอดเงิน',
    bet: 'เดิมพัน',
    spin: 'หมุน',
    win: 'ชนะ',
    noWin: 'ไม่ได้รางวัล ลองอีกครั้ง',
    lines: '5 ไลน์ แต่ละไลน์เดิมพัน 1/5 ของยอดเดิมพัน',
    paytable: 'ตารางจ่ายรางวัล (คูณเงินเดิมพันต่อไลน์)',
    rtp: `อัตราการจ่ายคืนผู้เล่น ${RTP_PERCENT}%`,
    fair: 'สุ่มด้วยตัวสร้างเลขสุ่มเชิงรหัสลับ ทุกการหมุนถูกบันทึกเป็นรอบเดิมพัน',
    notEnough: 'ยอดเงินไม่พอ โอนเงินเข้าเกมจากกระเป๋าก่อน',
    expired: 'เซสชันหมดอายุ เปิดเกมอีกครั้งจากกระเป๋า',
    failed: 'หมุนไม่สำเร็จ ลองอีกครั้ง',
    line: 'ไลน์',
    two: 'เชอร์รี่ 2 ตัวจากซ้าย',
    one: 'เชอร์รี่ 1 ตัวซ้ายสุด',
    player: 'ผู้เล่น',
    linkExpired: 'ลิงก์หมดอายุ',
    linkExpiredBody: 'ลิงก์เกมนี้ถูกใช้แล้วหรือหมดอายุ เปิดเกมอีกครั้งจากกระเป๋า',
    back: 'กลับกระเป๋า',
  },
  la: {
    title: 'ສະລັອດທົດລອງ',
    balance: 'ຍອດເງິນ',
    bet: 'ເດີມພັນ',
    spin: 'ໝຸນ',
    win: 'ຊະນະ',
    noWin: 'ບໍ່ໄດ້ລາງວັນ ລອງອີກຄັ້ງ',
    lines: '5 ເສັ້ນ ແຕ່ລະເສັ້ນເດີມພັນ 1/5 ຂອງຍອດເດີມພັນ',
    paytable: 'ຕາຕະລາງຈ່າຍລາງວັນ (ຄູນເງິນເດີມພັນຕໍ່ເສັ້ນ)',
    rtp: `ອັດຕາການຈ່າຍຄືນຜູ້ຫຼິ້ນ ${RTP_PERCENT}%`,
    fair: 'ສຸ່ມດ້ວຍຕົວສ້າງເລກສຸ່ມແບບເຂົ້າລະຫັດ ທຸກການໝຸນຖືກບັນທຶກເປັນຮອບເດີມພັນ',
    notEnough: 'ຍອດເງິນບໍ່ພໍ ໂອນເງິນເຂົ້າເກມຈາກກະເປົາກ່ອນ',
    expired: 'ເຊດຊັນໝົດອາຍຸ ເປີດເກມອີກຄັ້ງຈາກກະເປົາ',
    failed: 'ໝຸນບໍ່ສຳເລັດ ລອງອີກຄັ້ງ',
    line: 'ເສັ້ນ',
    two: 'ເຊີຣີ 2 ໜ່ວຍຈາກຊ້າຍ',
    one: 'ເຊີຣີ 1 ໜ່ວຍຊ້າຍສຸດ',
    player: 'ຜູ້ຫຼິ້ນ',
    linkExpired: 'ລິ້ງໝົດອາຍຸ',
    linkExpiredBody: 'ລິ້ງເກມນີ້ຖືກໃຊ້ແລ້ວ ຫຼື ໝົດອາຍຸ ເປີດເກມອີກຄັ້ງຈາກກະເປົາ',
    back: 'ກັບໄປກະເປົາ',
  },
  en: {
    title: 'Demo slot',
    balance: 'Balance',
    bet: 'Bet',
    spin: 'Spin',
    win: 'Win',
    noWin: 'No win this time',
    lines: '5 lines, each betting a fifth of the stake',
    paytable: 'Paytable (times the line bet)',
    rtp: `Return to player ${RTP_PERCENT}%`,
    fair: 'Drawn by a cryptographic random source; every spin is recorded as a bet round',
    notEnough: 'Not enough balance: transfer money into this game from your wallet first',
    expired: 'This session has expired: open the game again from your wallet',
    failed: 'The spin did not go through, try again',
    line: 'Line',
    two: 'Two cherries from the left',
    one: 'One cherry on the left',
    player: 'Player',
    linkExpired: 'Link expired',
    linkExpiredBody: 'This game link was used or has expired. Open the game again from your wallet.',
    back: 'Back to wallet',
  },
} satisfies Record<SlotLanguage, Record<string, string>>;

/** What the script needs, as JSON in a non-executed script element. */
interface SlotData {
  session: string;
  provider: string;
  username: string;
  currency: Currency;
  balanceMinor: string;
  betOptionsMinor: string[];
  language: SlotLanguage;
  texts: typeof TEXTS;
  lines: typeof LINES;
  strip: string[];
  paytable: Array<{ symbols: string; multiplier: number; label?: 'two' | 'one' }>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The way back to the wallet the launch named (its return URL), as a real game's lobby button: a member
 * playing in the installed app has no browser bar to leave by. Nothing when the launch named none.
 */
const backLink = (returnUrl: string | undefined, t: (typeof TEXTS)[SlotLanguage]) =>
  returnUrl ? `<a class="back" href="${escapeHtml(returnUrl)}" data-t="back">${t.back}</a>` : '';

const layout = (lang: SlotLanguage, title: string, body: string) =>
  `<!doctype html><html lang="${lang === 'la' ? 'lo' : lang}"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">` +
  `<meta name="theme-color" content="#1a0b2e"><title>${escapeHtml(title)}</title>` +
  `<link rel="stylesheet" href="../slot.css"></head><body>${body}</body></html>`;

export function slotPage(o: {
  session: string;
  provider: string;
  username: string;
  currency: Currency;
  balanceMinor: bigint;
  language: SlotLanguage;
  returnUrl?: string | undefined;
}): string {
  const data: SlotData = {
    session: o.session,
    provider: o.provider,
    username: o.username,
    currency: o.currency,
    balanceMinor: o.balanceMinor.toString(),
    betOptionsMinor: BET_OPTIONS_MINOR[o.currency].map(String),
    language: o.language,
    texts: TEXTS,
    lines: LINES,
    strip: [...REEL_STRIP],
    paytable: [
      ...Object.entries(THREE_OF_A_KIND).map(([s, m]) => ({ symbols: s.repeat(3), multiplier: m })),
      { symbols: 'CC', multiplier: TWO_CHERRIES, label: 'two' as const },
      { symbols: 'C', multiplier: ONE_CHERRY, label: 'one' as const },
    ],
  };
  // JSON inside a script element: "<" is escaped so no text can close the element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const t = TEXTS[o.language];
  return layout(
    o.language,
    `${o.provider} · ${t.title}`,
    `<script type="application/json" id="slot-data">${json}</script>
<main class="machine" aria-live="polite">
  <header class="top">
    ${backLink(o.returnUrl, t)}
    <div><div class="brand">${escapeHtml(o.provider)}</div><h1 data-t="title">${t.title}</h1></div>
    <nav class="langs" aria-label="language">
      <button type="button" data-lang="th">ไทย</button><button type="button" data-lang="la">ລາວ</button><button type="button" data-lang="en">EN</button>
    </nav>
  </header>
  <section class="meter">
    <div><span data-t="balance">${t.balance}</span><b id="balance" data-testid="balance"></b></div>
    <div><span data-t="win">${t.win}</span><b id="win" data-testid="win">0</b></div>
  </section>
  <section class="reels" id="reels" aria-label="reels"></section>
  <p class="message" id="message" role="status"></p>
  <section class="controls">
    <label class="bet"><span data-t="bet">${t.bet}</span><select id="bet" data-testid="bet"></select></label>
    <button type="button" id="spin" class="spin" data-testid="spin" data-t="spin">${t.spin}</button>
  </section>
  <details class="paytable"><summary data-t="paytable">${t.paytable}</summary>
    <p data-t="lines">${t.lines}</p><table id="paytable"></table>
    <p class="rtp" data-t="rtp">${t.rtp}</p><p class="fair" data-t="fair">${t.fair}</p>
  </details>
  <footer class="who"><span data-t="player">${t.player}</span> ${escapeHtml(o.username)}</footer>
</main>
<script src="../slot.js"></script>`,
  );
}

export function expiredPage(language: SlotLanguage, returnUrl?: string): string {
  const t = TEXTS[language];
  return layout(
    language,
    t.linkExpired,
    `<main class="machine expired"><h1>${t.linkExpired}</h1><p>${t.linkExpiredBody}</p>${backLink(returnUrl, t)}</main>`,
  );
}

/**
 * The Thai and Lao fonts the page draws its words in, served beside slot.css (GET .../fonts/<name>): the
 * same Noto Sans files the web app ships (@fontsource-variable), so a phone or a computer without Thai or
 * Lao system fonts shows the words, not empty boxes. Each covers only its script (unicode-range), so a
 * page fetches a font only for the script it shows; Latin stays in the system's font.
 */
export const SLOT_FONTS = {
  'noto-sans-thai.woff2': {
    family: 'Noto Sans Thai',
    file: '@fontsource-variable/noto-sans-thai/files/noto-sans-thai-thai-wght-normal.woff2',
    range: 'U+02D7,U+0303,U+0331,U+0E01-0E5B',
  },
  'noto-sans-lao.woff2': {
    family: 'Noto Sans Lao',
    file: '@fontsource-variable/noto-sans-lao/files/noto-sans-lao-lao-wght-normal.woff2',
    range: 'U+0E81-0EDF',
  },
} as const;

const fontFaces = Object.entries(SLOT_FONTS)
  .map(
    ([name, f]) =>
      `@font-face{font-family:"${f.family}";font-style:normal;font-display:swap;font-weight:400 900;` +
      `src:url("fonts/${name}") format("woff2");unicode-range:${f.range}}`,
  )
  .join('\n');

export const SLOT_CSS = `${fontFaces}
*{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{font-family:"Noto Sans Thai","Noto Sans Lao",system-ui,-apple-system,"Phetsarath OT",sans-serif;
  background:radial-gradient(circle at 50% 0,#4b1d7a 0,#1a0b2e 60%);color:#fff7e0;min-height:100vh;
  display:flex;justify-content:center}
.machine{width:100%;max-width:440px;padding:16px 16px calc(16px + env(safe-area-inset-bottom));
  display:flex;flex-direction:column;gap:14px}
.top{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:flex-start;row-gap:10px}
/* The way back to the wallet: a row of its own above the title, a thumb's size. */
.back{flex-basis:100%;align-self:flex-start;display:inline-flex;align-items:center;min-height:40px;
  color:#fff7e0;text-decoration:none;font-size:15px;font-weight:700}
.back::before{content:"\\2039";font-size:26px;line-height:1;margin-right:8px;color:#ffcf4a}
.expired .back{flex-basis:auto;align-self:center;justify-content:center;margin-top:8px;padding:0 20px;
  border:1px solid #ffcf4a;border-radius:999px}
.brand{font-size:12px;letter-spacing:.2em;color:#ffcf4a;font-weight:700}
h1{margin:2px 0 0;font-size:24px}
.langs{display:flex;gap:4px}
/* A button takes the system's font unless told: the page's, so that ไทย and ລາວ have their letters. */
.langs button{font-family:inherit;background:#ffffff1a;color:#fff7e0;border:1px solid #ffffff33;border-radius:8px;
  padding:6px 8px;font-size:13px;min-height:36px}
.langs button[aria-pressed=true]{background:#ffcf4a;color:#2a1045;font-weight:700}
.meter{display:grid;grid-template-columns:1fr 1fr;gap:10px}
.meter div{background:#00000055;border:1px solid #ffcf4a55;border-radius:12px;padding:10px 12px;
  display:flex;flex-direction:column;gap:2px}
.meter span{font-size:13px;opacity:.8}
.meter b{font-size:20px;font-variant-numeric:tabular-nums;color:#ffe28a}
.reels{position:relative;display:grid;grid-template-columns:repeat(3,1fr);gap:8px;padding:12px;
  border-radius:18px;background:linear-gradient(#2b0f4a,#160726);border:3px solid #ffcf4a;
  box-shadow:0 0 24px #ffcf4a44 inset,0 8px 24px #0008}
.cell{aspect-ratio:1;display:flex;align-items:center;justify-content:center;font-size:clamp(40px,14vw,60px);
  background:#fff7e0;border-radius:12px;color:#2a1045;font-weight:900;transition:transform .15s}
.cell.hit{background:#ffe28a;box-shadow:0 0 0 3px #ff5fa2,0 0 18px #ff5fa2;transform:scale(1.04)}
.reels.spinning .cell{animation:roll .12s linear infinite;filter:blur(1px)}
@keyframes roll{0%{transform:translateY(-6%)}100%{transform:translateY(6%)}}
.cell svg{width:72%;height:72%}
.mini svg{width:22px;height:22px;vertical-align:middle;margin-right:2px}
.message{min-height:1.5em;margin:0;text-align:center;font-size:16px}
.message.won{color:#ffe28a;font-weight:700;font-size:20px}
.message.error{color:#ff8fa3}
.controls{display:grid;grid-template-columns:1fr 1.3fr;gap:10px;align-items:end}
.bet{display:flex;flex-direction:column;gap:4px;font-size:13px}
select{font:inherit;font-size:18px;padding:10px;border-radius:12px;border:1px solid #ffcf4a;
  background:#2b0f4a;color:#fff7e0;min-height:52px}
.spin{font:inherit;font-size:22px;font-weight:800;min-height:56px;border:0;border-radius:999px;
  background:linear-gradient(#ffe28a,#ff9f1c);color:#2a1045;box-shadow:0 4px 0 #b35c00}
.spin:active{transform:translateY(2px);box-shadow:0 2px 0 #b35c00}
.spin:disabled{opacity:.6}
.paytable{background:#00000044;border-radius:12px;padding:10px 12px;font-size:14px}
.paytable summary{cursor:pointer;font-weight:700}
.paytable table{width:100%;border-collapse:collapse;margin:6px 0}
.paytable td{padding:3px 0;border-bottom:1px solid #ffffff1a}
.paytable td:last-child{text-align:right;font-variant-numeric:tabular-nums}
.rtp{font-weight:700;color:#ffe28a}
.fair{opacity:.8;font-size:12px}
.who{opacity:.7;font-size:12px;text-align:center}
.expired{justify-content:center;text-align:center;min-height:80vh}
`;

/** The page's script: renders the reels, asks the aggregator to spin, shows what it answered. */
export const SLOT_JS = `'use strict';
(function () {
  var data = JSON.parse(document.getElementById('slot-data').textContent);
  // The symbols, drawn here (no emoji font needed): a 7, a diamond, a star, a bell, grapes, a lemon, cherries.
  var svg = function (body) { return '<svg viewBox="0 0 64 64" aria-hidden="true">' + body + '</svg>'; };
  var ICON = {
    '7': svg('<text x="32" y="52" text-anchor="middle" font-size="52" font-weight="900" fill="#d7263d" stroke="#7a0010" stroke-width="2">7</text>'),
    D: svg('<polygon points="14,24 24,12 40,12 50,24 32,54" fill="#36c5f0" stroke="#0b6e99" stroke-width="3"/><path d="M14 24H50M24 12L32 24L40 12" fill="none" stroke="#0b6e99" stroke-width="2"/><polygon points="24,24 32,54 40,24" fill="#8be0ff"/>'),
    S: svg('<polygon points="32,6 39,24 58,25 43,37 48,56 32,45 16,56 21,37 6,25 25,24" fill="#ffcf4a" stroke="#b37400" stroke-width="3" stroke-linejoin="round"/>'),
    B: svg('<path d="M32 8c-10 0-16 9-16 20v10l-6 8h44l-6-8V28c0-11-6-20-16-20z" fill="#f2b705" stroke="#8a5a00" stroke-width="3" stroke-linejoin="round"/><circle cx="32" cy="52" r="5" fill="#8a5a00"/>'),
    G: svg('<path d="M32 6v10" stroke="#2e7d32" stroke-width="4"/><g fill="#7b2cbf" stroke="#3c096c" stroke-width="2"><circle cx="22" cy="24" r="8"/><circle cx="42" cy="24" r="8"/><circle cx="32" cy="24" r="8"/><circle cx="27" cy="37" r="8"/><circle cx="37" cy="37" r="8"/><circle cx="32" cy="50" r="8"/></g>'),
    L: svg('<ellipse cx="32" cy="34" rx="24" ry="17" fill="#ffe74c" stroke="#b39b00" stroke-width="3"/><path d="M8 34l-4 2M56 34l4-2" stroke="#b39b00" stroke-width="3"/><path d="M34 17c4-8 12-9 16-7-4 6-10 8-16 7z" fill="#2e7d32"/>'),
    C: svg('<path d="M22 44C24 26 32 14 44 8M42 44C40 28 40 18 44 8" fill="none" stroke="#2e7d32" stroke-width="4"/><circle cx="20" cy="46" r="11" fill="#e63946" stroke="#8d0801" stroke-width="3"/><circle cx="42" cy="46" r="11" fill="#e63946" stroke="#8d0801" stroke-width="3"/>'),
  };
  var lang = data.language;
  var balance = BigInt(data.balanceMinor);
  var busy = false;
  var t = function (k) { return data.texts[lang][k]; };
  var locale = function () { return lang === 'la' ? 'lo-LA' : lang === 'th' ? 'th-TH' : 'en-US'; };
  var money = function (minor) {
    var n = Number(minor) / 100;
    var text = new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
    return data.currency === 'LAK' ? text + ' \\u20AD' : '\\u0E3F' + text;
  };
  var reels = document.getElementById('reels');
  var cells = [];
  for (var row = 0; row < 3; row++) for (var reel = 0; reel < 3; reel++) {
    var cell = document.createElement('div');
    cell.className = 'cell';
    cell.dataset.row = row; cell.dataset.reel = reel;
    reels.appendChild(cell); cells.push(cell);
  }
  var cellAt = function (r, c) { return cells[r * 3 + c]; };
  function show(grid) {
    grid.forEach(function (symbols, r) { symbols.forEach(function (s, c) {
      var el = cellAt(r, c); el.innerHTML = ICON[s]; el.dataset.symbol = s;
      el.className = 'cell sym-' + s; }); });
  }
  var strip = data.strip;
  show([0, 1, 2].map(function (r) { return [strip[r], strip[(r + 9) % strip.length], strip[(r + 18) % strip.length]]; }));

  var select = document.getElementById('bet');
  data.betOptionsMinor.forEach(function (b, i) {
    var o = document.createElement('option'); o.value = b; if (i === 2) o.selected = true; select.appendChild(o);
  });
  var message = document.getElementById('message');
  function say(text, kind) { message.textContent = text; message.className = 'message' + (kind ? ' ' + kind : ''); }
  function render() {
    document.documentElement.lang = lang === 'la' ? 'lo' : lang;
    document.querySelectorAll('[data-t]').forEach(function (el) { el.textContent = t(el.dataset.t); });
    document.querySelectorAll('[data-lang]').forEach(function (b) { b.setAttribute('aria-pressed', String(b.dataset.lang === lang)); });
    Array.prototype.forEach.call(select.options, function (o) { o.textContent = money(o.value); });
    document.getElementById('balance').textContent = money(balance);
    var table = document.getElementById('paytable'); table.textContent = '';
    data.paytable.forEach(function (p) {
      var tr = document.createElement('tr'); var a = document.createElement('td'); var b = document.createElement('td');
      a.innerHTML = p.symbols.split('').map(function (s) { return '<span class="mini">' + ICON[s] + '</span>'; }).join('');
      if (p.label) a.appendChild(document.createTextNode(' ' + t(p.label)));
      b.textContent = 'x' + p.multiplier; tr.appendChild(a); tr.appendChild(b); table.appendChild(tr);
    });
  }
  document.querySelectorAll('[data-lang]').forEach(function (b) {
    b.addEventListener('click', function () { lang = b.dataset.lang; render(); });
  });
  var base = '../sessions/' + encodeURIComponent(data.session);
  var decimal = function (minor) { var m = BigInt(minor); return (m / 100n) + '.' + String(m % 100n).padStart(2, '0'); };
  document.getElementById('spin').addEventListener('click', function () {
    if (busy) return;
    busy = true; this.disabled = true; say('');
    cells.forEach(function (c) { c.classList.remove('hit'); });
    reels.classList.add('spinning');
    var button = this;
    var started = Date.now();
    fetch(base + '/spin', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bet: decimal(select.value) }) })
      .then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
      .then(function (r) {
        return new Promise(function (ok) { setTimeout(ok, Math.max(0, 500 - (Date.now() - started))); }).then(function () { return r; });
      })
      .then(function (r) {
        reels.classList.remove('spinning');
        if (!r.ok) {
          if (r.body && r.body.balanceMinor) balance = BigInt(r.body.balanceMinor);
          render();
          var code = r.body && r.body.code;
          say(code === 'INSUFFICIENT_BALANCE' ? t('notEnough') : code === 'SESSION_EXPIRED' ? t('expired') : t('failed'), 'error');
          return;
        }
        show(r.body.grid);
        balance = BigInt(r.body.balanceMinor);
        document.getElementById('win').textContent = money(r.body.winMinor);
        r.body.wins.forEach(function (w) {
          data.lines[w.line].forEach(function (row, reel) { if (reel < w.count) cellAt(row, reel).classList.add('hit'); });
        });
        render();
        if (BigInt(r.body.winMinor) > 0n) say(t('win') + ' ' + money(r.body.winMinor) + ' (' + r.body.wins.map(function (w) { return t('line') + ' ' + (w.line + 1) + ' x' + w.multiplier; }).join(', ') + ')', 'won');
        else say(t('noWin'));
      })
      .catch(function () { reels.classList.remove('spinning'); say(t('failed'), 'error'); })
      .finally(function () { busy = false; button.disabled = false; button.dataset.done = String(Number(button.dataset.done || 0) + 1); });
  });
  // Money transferred in while the page is open: read the balance again when the page is shown.
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState !== 'visible' || busy) return;
    fetch(base).then(function (res) { return res.ok ? res.json() : null; }).then(function (b) {
      if (b && !busy) { balance = BigInt(b.balanceMinor); render(); }
    }).catch(function () {});
  });
  render();
})();
`;
