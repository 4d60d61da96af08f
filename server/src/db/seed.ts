// Idempotent demo data: what an operator would configure before opening. Running it again changes
// nothing an operator may have edited (every insert is "on conflict do nothing", but for a bank's
// missing Lao name). The site's tables only: server/src/seed.ts adds what the modules seed (the wheel,
// the bonuses, the demo members), since db/ imports no module.
import type { Queryable } from './db.ts';
import {
  DEFAULT_WITHDRAW_LIMITS_MINOR,
  type GAME_CATEGORIES,
  type GameProvider,
  type Region,
} from '@krapao/contract';
import { inviteRefundSettings } from './seed-invite-refund.ts';

type Bank = [
  code: string,
  clearing: string,
  nameTh: string,
  nameEn: string,
  country: 'TH' | 'LA',
  nameLa?: string,
];

/**
 * The banks and their codes; the spec calls ttb by its old short code TMB (the code stays, members see
 * "ttb", the name the bank goes by since 2021). The Lao
 * name is the bank's own for Lao banks, and for the Thai banks with branches in Laos the name they go by there.
 */
export const BANKS: Bank[] = [
  ['KBANK', '004', 'ธนาคารกสิกรไทย', 'Kasikornbank', 'TH', 'ທະນາຄານກະສິກອນໄທ'],
  ['SCB', '014', 'ธนาคารไทยพาณิชย์', 'Siam Commercial Bank', 'TH'],
  ['KTB', '006', 'ธนาคารกรุงไทย', 'Krungthai Bank', 'TH', 'ທະນາຄານກຸງໄທ'],
  ['BBL', '002', 'ธนาคารกรุงเทพ', 'Bangkok Bank', 'TH', 'ທະນາຄານກຸງເທບ'],
  ['TMB', '011', 'ttb ธนาคารทหารไทยธนชาต', 'ttb (TMBThanachart Bank)', 'TH'],
  ['BAY', '025', 'ธนาคารกรุงศรีอยุธยา', 'Bank of Ayudhya (Krungsri)', 'TH', 'ທະນາຄານກຸງສີອະຍຸທະຍາ'],
  ['GSB', '030', 'ธนาคารออมสิน', 'Government Savings Bank', 'TH'],
  [
    'BAAC',
    '034',
    'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    'Bank for Agriculture and Agricultural Cooperatives',
    'TH',
  ],
  ['GHB', '033', 'ธนาคารอาคารสงเคราะห์', 'Government Housing Bank', 'TH'],
  ['CIMBT', '022', 'ธนาคารซีไอเอ็มบีไทย', 'CIMB Thai Bank', 'TH'],
  ['UOBT', '024', 'ธนาคารยูโอบี', 'United Overseas Bank (Thai)', 'TH'],
  ['KKP', '069', 'ธนาคารเกียรตินาคินภัทร', 'Kiatnakin Phatra Bank', 'TH'],
  ['TISCO', '067', 'ธนาคารทิสโก้', 'TISCO Bank', 'TH'],
  ['LHFG', '073', 'ธนาคารแลนด์ แอนด์ เฮ้าส์', 'Land and Houses Bank', 'TH'],
  ['ICBCT', '070', 'ธนาคารไอซีบีซี (ไทย)', 'ICBC (Thai)', 'TH'],
  ['TCD', '071', 'ธนาคารไทยเครดิตเพื่อรายย่อย', 'Thai Credit Bank', 'TH'],
  [
    'BCEL',
    '',
    'ธนาคารการค้าต่างประเทศลาว',
    'Banque pour le Commerce Extérieur Lao',
    'LA',
    'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
  ],
  ['LDB', '', 'ธนาคารพัฒนาลาว', 'Lao Development Bank', 'LA', 'ທະນາຄານພັດທະນາລາວ'],
  ['APB', '', 'ธนาคารส่งเสริมการเกษตร', 'Agricultural Promotion Bank', 'LA', 'ທະນາຄານສົ່ງເສີມກະສິກຳ'],
  ['JDB', '', 'ธนาคารร่วมพัฒนา', 'Joint Development Bank', 'LA', 'ທະນາຄານຮ່ວມພັດທະນາ'],
  ['LVB', '', 'ธนาคารลาว-เวียด', 'Lao-Viet Bank', 'LA', 'ທະນາຄານຮ່ວມທຸລະກິດລາວ-ຫວຽດ'],
  ['STB', '', 'ธนาคารเอสที', 'ST Bank', 'LA', 'ທະນາຄານ ເອັສທີ'],
  ['BIC', '', 'ธนาคารบีไอซี', 'BIC Bank', 'LA', 'ທະນາຄານ ບີໄອຊີ'],
];

/** QR payment gateways (DEP-4): deposit accounts of bank_type PAYMENT, never a member's bank. */
export const PAYMENT_PROVIDERS: Array<
  [code: string, nameTh: string, nameEn: string, country?: 'LA', nameLa?: string]
> = [
  ['WW', 'WW เพย์', 'WW Pay'],
  ['PAYTIMZ', 'เพย์ไทม์ซ', 'Paytimz'],
  ['PAYONEX', 'เพย์โอเน็กซ์', 'Payonex'],
  ['ZPAY', 'แซดเพย์', 'ZPay'],
  ['ONEPAY', 'วันเพย์ (ลาว)', 'OnePay (Laos)', 'LA', 'ວັນເພ'],
];

const SOURCES: Array<[string, { th: string; la: string; en: string }]> = [
  ['FACEBOOK', { th: 'เฟซบุ๊ก', la: 'ເຟສບຸກ', en: 'Facebook' }],
  ['LINE', { th: 'ไลน์', la: 'ໄລນ໌', en: 'LINE' }],
  ['TIKTOK', { th: 'ติ๊กต็อก', la: 'ຕິກຕອກ', en: 'TikTok' }],
  ['GOOGLE', { th: 'ค้นหาใน Google', la: 'ຄົ້ນຫາໃນ Google', en: 'Google search' }],
  ['FRIEND', { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend told me' }],
  ['OTHER', { th: 'อื่น ๆ', la: 'ອື່ນໆ', en: 'Other' }],
];

export const SETTINGS: Record<string, unknown> = {
  'site.info': { name: 'Krapao', website: 'http://localhost:3000' },
  'site.active': true,
  'site.registerOTP': true,
  'site.enableChatWidget': true,
  'site.contact': {
    text: {
      th: 'ทีมงานดูแลตลอด 24 ชั่วโมง ติดต่อเราทางไลน์หรือโทรศัพท์ได้ทุกเวลา',
      la: 'ທີມງານບໍລິການຕະຫຼອດ 24 ຊົ່ວໂມງ ຕິດຕໍ່ພວກເຮົາທາງໄລນ໌ ຫຼື ໂທລະສັບໄດ້ທຸກເວລາ',
      en: 'Our team is here 24 hours a day. Reach us on LINE or by phone at any time.',
    },
    lineId: '@krapao',
    lineUrl: '',
    phone: '020-000-0000',
    qrImageUrl: '',
  },
  'site.conditions': {
    content: {
      th: '<h3>เงื่อนไขการใช้งาน</h3><ul><li>สมาชิกต้องมีอายุ 18 ปีขึ้นไป</li><li>บัญชีธนาคารต้องเป็นชื่อเดียวกับผู้สมัคร</li><li>การถอนเงินจะโอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</li></ul>',
      la: '<h3>ເງື່ອນໄຂການນຳໃຊ້</h3><ul><li>ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີຂຶ້ນໄປ</li><li>ບັນຊີທະນາຄານຕ້ອງເປັນຊື່ດຽວກັບຜູ້ສະໝັກ</li><li>ການຖອນເງິນຈະໂອນເຂົ້າບັນຊີທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ</li></ul>',
      en: '<h3>Terms of use</h3><ul><li>Members must be 18 or older.</li><li>The bank account must be in the member’s own name.</li><li>Withdrawals are paid only to the registered bank account.</li></ul>',
    },
  },
  // HOME-2: asked of every member until accepted; any change of these texts is a new version (db/functions/agreements.sql).
  'site.agreements': [
    {
      id: 'age',
      title: { th: 'อายุ 18 ปีขึ้นไป', la: 'ອາຍຸ 18 ປີຂຶ້ນໄປ', en: 'Aged 18 or over' },
      content: {
        th: '<p>ข้าพเจ้ายืนยันว่ามีอายุ 18 ปีบริบูรณ์ขึ้นไป และการเล่นออนไลน์ไม่ขัดต่อกฎหมายในพื้นที่ที่ข้าพเจ้าอาศัยอยู่ Krapao จะปิดบัญชีที่เปิดโดยผู้เยาว์และคืนเงินฝากทั้งหมด</p>',
        la: '<p>ຂ້າພະເຈົ້າຢືນຢັນວ່າມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ ແລະ ການຫຼິ້ນອອນລາຍບໍ່ຂັດກັບກົດໝາຍໃນບ່ອນທີ່ຂ້າພະເຈົ້າອາໄສຢູ່. Krapao ຈະປິດບັນຊີທີ່ເປີດໂດຍຜູ້ເຍົາ ແລະ ສົ່ງເງິນຝາກຄືນທັງໝົດ.</p>',
        en: '<p>I confirm that I am at least 18 years old and that online play is lawful where I live. Krapao closes any account opened by a minor and returns its deposits.</p>',
      },
    },
    {
      id: 'one-account',
      title: { th: 'หนึ่งคนหนึ่งบัญชี', la: 'ໜຶ່ງຄົນໜຶ່ງບັນຊີ', en: 'One account per person' },
      content: {
        th: '<p>หนึ่งคนสมัครได้เพียงหนึ่งบัญชี โดยใช้เบอร์โทรศัพท์ของตนเองและบัญชีธนาคารที่เป็นชื่อของตนเอง การฝากและถอนทำผ่านบัญชีธนาคารนั้นเท่านั้น บัญชีซ้ำจะถูกปิดและโบนัสจะถูกยกเลิก</p>',
        la: '<p>ໜຶ່ງຄົນສະໝັກໄດ້ພຽງໜຶ່ງບັນຊີ ໂດຍໃຊ້ເບີໂທລະສັບຂອງຕົນເອງ ແລະ ບັນຊີທະນາຄານທີ່ເປັນຊື່ຂອງຕົນເອງ. ການຝາກ ແລະ ຖອນເງິນເຮັດຜ່ານບັນຊີທະນາຄານນັ້ນເທົ່ານັ້ນ. ບັນຊີຊ້ຳຈະຖືກປິດ ແລະ ໂບນັດຈະຖືກຍົກເລີກ.</p>',
        en: '<p>Each person may hold one Krapao account, registered with their own phone number and a bank account in their own name. Deposits and withdrawals go only through that bank account. Duplicate accounts are closed and their bonuses cancelled.</p>',
      },
    },
    {
      id: 'responsible-play',
      title: { th: 'เล่นอย่างรับผิดชอบ', la: 'ຫຼິ້ນຢ່າງມີຄວາມຮັບຜິດຊອບ', en: 'Play responsibly' },
      content: {
        th: '<ul><li>เล่นด้วยเงินที่เสียได้เท่านั้น และกำหนดงบประมาณและเวลาเล่นของคุณเอง</li><li>อย่าเล่นเพื่อเอาคืน และอย่ากู้ยืมเงินมาเล่น</li><li>หากการเล่นไม่สนุกอีกต่อไป ให้หยุดพักและติดต่อทีมงาน เราสามารถระงับบัญชีของคุณชั่วคราวได้</li></ul>',
        la: '<ul><li>ຫຼິ້ນດ້ວຍເງິນທີ່ເສຍໄດ້ເທົ່ານັ້ນ ແລະ ກຳນົດງົບປະມານ ແລະ ເວລາຫຼິ້ນຂອງທ່ານເອງ.</li><li>ຢ່າຫຼິ້ນເພື່ອເອົາຄືນ ແລະ ຢ່າກູ້ຢືມເງິນມາຫຼິ້ນ.</li><li>ຖ້າການຫຼິ້ນບໍ່ມ່ວນອີກຕໍ່ໄປ ໃຫ້ພັກ ແລະ ຕິດຕໍ່ທີມງານ: ພວກເຮົາສາມາດໂຈະບັນຊີຂອງທ່ານຊົ່ວຄາວໄດ້.</li></ul>',
        en: '<ul><li>Play only with money you can afford to lose, and set your own budget and time limit.</li><li>Never chase losses or borrow to play.</li><li>If play stops being fun, take a break and talk to our team: we can pause your account.</li></ul>',
      },
    },
  ],
  'site.notice': {
    text: {
      th: 'โบนัสนี้ต้องทำยอดเทิร์นตามเงื่อนไข หากไม่ผ่านจะได้รับคืน %percentFail%%',
      la: 'ໂບນັດນີ້ຕ້ອງເຮັດຍອດຕາມເງື່ອນໄຂ ຖ້າບໍ່ຜ່ານຈະໄດ້ຮັບຄືນ %percentFail%%',
      en: 'This bonus has turnover conditions; if they are not met you receive %percentFail%% back.',
    },
  },
  /** WD-1, per currency in minor units (100 baht to 50,000 baht; 50,000 kip to 50 million kip). */
  'withdraw.limits': DEFAULT_WITHDRAW_LIMITS_MINOR,
  /** Pay withdrawals through the payout provider at once; off means the operator approves each. */
  'withdraw.autoPayout': true,
  /** PRO-3: withdrawals to a payout account changed less than this many hours ago wait for the operator. */
  'withdraw.newAccountHoldHours': 24,
  'slip.settings': { enabled: true, closedFrom: '23:50', closedTo: '00:10', maxAgeMinutes: 60 },
  'deposit.manual': false,
};

/** The operator's accounts members transfer to (GET /api/lookup/deposit). */
export const HOUSE_ACCOUNTS = [
  {
    bankCode: 'KBANK',
    bankType: 'BANK',
    mode: 'AUTO',
    name: 'KRAPAO CO LTD',
    no: '0481234567',
    currency: 'BAHT',
  },
  { bankCode: 'SCB', bankType: 'BANK', mode: '', name: 'KRAPAO CO LTD', no: '4061234567', currency: 'BAHT' },
  {
    bankCode: 'GSB',
    bankType: 'BANK',
    mode: '',
    name: 'KRAPAO CO LTD',
    no: '020112345678',
    currency: 'BAHT',
  },
  // DEP-4: KBANK not AUTO is paid by QR; the payment gateways are PAYMENT accounts.
  {
    bankCode: 'KBANK',
    bankType: 'BANK',
    mode: 'QR',
    name: 'KRAPAO CO LTD',
    no: '0489876543',
    currency: 'BAHT',
  },
  { bankCode: 'WW', bankType: 'PAYMENT', mode: '', name: 'KRAPAO CO LTD', no: 'WW-0001', currency: 'BAHT' },
  {
    bankCode: 'PAYTIMZ',
    bankType: 'PAYMENT',
    mode: '',
    name: 'KRAPAO CO LTD',
    no: 'PTZ-0001',
    currency: 'BAHT',
  },
  {
    bankCode: 'PAYONEX',
    bankType: 'PAYMENT',
    mode: '',
    name: 'KRAPAO CO LTD',
    no: 'PNX-0001',
    currency: 'BAHT',
  },
  { bankCode: 'ZPAY', bankType: 'PAYMENT', mode: '', name: 'KRAPAO CO LTD', no: 'ZP-0001', currency: 'BAHT' },
] as const;

/**
 * A Laos build's kip accounts (DEP-3): BCEL for transfers and slips, and the ONEPAY gateway's LAPNet QRs.
 * Seeded only there: a Thai build has no kip members to offer them to.
 */
export const LAO_HOUSE_ACCOUNTS = [
  {
    bankCode: 'BCEL',
    bankType: 'BANK',
    mode: '',
    name: 'KRAPAO LAO CO LTD',
    no: '0101000123456',
    currency: 'LAK',
  },
  {
    bankCode: 'ONEPAY',
    bankType: 'PAYMENT',
    mode: '',
    name: 'KRAPAO LAO CO LTD',
    no: 'OP-0001',
    currency: 'LAK',
  },
] as const;

/** DEP-10: the operator's True Wallet; without mode AUTO members send gift links. */
export const HOUSE_WALLETS = [{ mode: '', name: 'KRAPAO WALLET', phone: '0991234567' }] as const;

export const DEMO_MEMBER = {
  phone: '0812345678',
  password: 'krapao-demo-1',
  name: 'Somchai Jaidee',
  bankCode: 'KBANK',
  bankAccountName: 'SOMCHAI JAIDEE',
  bankAccountNo: '1234567890',
};

/** A Laos build's demo member, with a kip wallet paid out to BCEL. */
export const LAO_DEMO_MEMBER = {
  phone: '02055512345',
  password: 'krapao-demo-1',
  name: 'Souksavanh Phommachanh',
  bankCode: 'BCEL',
  bankAccountName: 'SOUKSAVANH PHOMMACHANH',
  bankAccountNo: '0101000765432',
};

/**
 * The 16 game providers, with their category (slot, sport plus casino, lotto), the web,
 * Android and iOS links the game account modal opens (placeholders at example.com: the operator sets
 * the real ones) and the GAME-2 iframe setting. Artwork paths are under the web app (/games/<CODE>.webp,
 * /games/<CODE>-bg.webp), drawn for Krapao as SVGs and drawn as WebP by scripts/games-art.mjs.
 */
export const GAME_PROVIDER_SEED: Array<{
  code: GameProvider;
  name: string;
  category: (typeof GAME_CATEGORIES)[number];
  iframe: boolean;
}> = [
  { code: 'JOKER', name: 'Joker', category: 'slot', iframe: false },
  { code: 'SEXYGAME', name: 'Sexy Game', category: 'sport', iframe: false },
  { code: 'BETFLIX', name: 'Betflix', category: 'sport', iframe: false },
  { code: 'ASKMEBET', name: 'Askmebet', category: 'sport', iframe: false },
  { code: 'UFABET', name: 'UFABET', category: 'sport', iframe: false },
  { code: 'SUPERSLOT', name: 'Superslot', category: 'slot', iframe: false },
  { code: 'PG', name: 'PG', category: 'slot', iframe: false },
  { code: 'SLOTXO', name: 'SlotXO', category: 'slot', iframe: false },
  { code: 'IMI', name: 'IMI', category: 'sport', iframe: false },
  { code: 'USUN', name: 'USUN', category: 'sport', iframe: false },
  { code: 'AREASLOT', name: 'Areaslot', category: 'slot', iframe: false },
  { code: 'CIRCUS', name: 'Circus', category: 'sport', iframe: false },
  { code: 'SLOTRACHA', name: 'Slotracha', category: 'slot', iframe: false },
  { code: 'PGSLOT', name: 'PG Slot', category: 'slot', iframe: false },
  { code: 'JOKER2', name: 'Joker 2', category: 'slot', iframe: true },
  { code: 'HUAYHD', name: 'Huay HD', category: 'lotto', iframe: true },
];

/** The site's rows (in q's transaction): banks, sources, settings, house accounts and wallets, providers. */
export async function seedSite(q: Queryable, opts: { region?: Region | undefined }): Promise<void> {
  const laos = opts.region === 'la';
  for (const [i, [code, clearing, th, en, country, la]] of BANKS.entries()) {
    // A Lao name fills a bank seeded before it had one (migration 014), never replaces the operator's.
    await q.query(
      `insert into banks (code, clearing_code, name_th, name_en, country, sort, name_la)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (code) do update set name_la = excluded.name_la where banks.name_la is null`,
      [code, clearing, th, en, country, i, la ?? null],
    );
  }
  // ttb's names replace the old seeded ones (TMB's), never names an operator wrote.
  await q.query(
    `update banks set name_th = $1, name_en = $2
     where code = 'TMB' and name_th = 'ธนาคารทหารไทยธนชาต' and name_en = 'TMBThanachart Bank'`,
    [BANKS.find((b) => b[0] === 'TMB')![2], BANKS.find((b) => b[0] === 'TMB')![3]],
  );
  for (const [i, [code, th, en, country, la]] of PAYMENT_PROVIDERS.entries()) {
    await q.query(
      `insert into banks (code, clearing_code, name_th, name_en, country, sort, is_payment, name_la)
       values ($1, '', $2, $3, $4, $5, true, $6) on conflict (code) do nothing`,
      [code, th, en, country ?? 'TH', 100 + i, la ?? null],
    );
  }
  for (const [i, [code, description]] of SOURCES.entries()) {
    await q.query(
      'insert into sources (code, description, sort) values ($1, $2, $3) on conflict (code) do nothing',
      [code, JSON.stringify(description), i],
    );
  }
  for (const [key, value] of Object.entries(SETTINGS)) {
    await q.query('insert into settings (key, value) values ($1, $2) on conflict (key) do nothing', [
      key,
      JSON.stringify(value),
    ]);
  }
  for (const [key, value] of Object.entries(inviteRefundSettings(laos))) {
    await q.query('insert into settings (key, value) values ($1, $2) on conflict (key) do nothing', [
      key,
      JSON.stringify(value),
    ]);
  }
  for (const [i, a] of [...HOUSE_ACCOUNTS, ...(laos ? LAO_HOUSE_ACCOUNTS : [])].entries()) {
    await q.query(
      `insert into house_accounts (bank_code, bank_type, mode, account_name, account_no, currency, sort)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (bank_code, account_no) do nothing`,
      [a.bankCode, a.bankType, a.mode, a.name, a.no, a.currency, i],
    );
  }
  for (const [i, w] of HOUSE_WALLETS.entries()) {
    await q.query(
      `insert into house_wallets (mode, account_name, phone, sort) values ($1, $2, $3, $4)
       on conflict (phone) do nothing`,
      [w.mode, w.name, w.phone, i],
    );
  }
  for (const [i, g] of GAME_PROVIDER_SEED.entries()) {
    const slug = g.code.toLowerCase();
    await q.query(
      `insert into game_providers (code, name, category, logo, background, web, android, ios, iframe, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (code) do nothing`,
      [
        g.code,
        g.name,
        g.category,
        `/games/${g.code}.webp`,
        `/games/${g.code}-bg.webp`,
        `https://${slug}.example.com/`,
        `https://${slug}.example.com/app/android`,
        `https://${slug}.example.com/app/ios`,
        g.iframe,
        i,
      ],
    );
  }
}
