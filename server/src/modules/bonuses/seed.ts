// The seeded bonuses and promotion codes: what a newcomer sees on /user/bonus, in baht and in kip, with
// th, la and en texts and the banners drawn in web/public/programmes/. Only what is absent is written: an
// operator's bonus or promotion of the same code and currency is never replaced.
import type { bonuses } from '@krapao/contract';
import type { Queryable } from '../../db/db.ts';
import { writeBonus, writePromotion } from './ops.ts';

type SeedBonus = Omit<bonuses.BonusConfig, 'active'>;
type SeedPromotion = Omit<bonuses.PromotionConfig, 'active'>;

const notice = (turnover: number) => ({
  th: `รับโบนัสแล้วต้องทำยอดเล่นให้ได้ ${turnover} เท่าของโบนัสก่อนถอน หากยอดเงินคงเหลือต่ำกว่า %percentFail%% ของโบนัส โบนัสจะสิ้นสุด ระหว่างที่โบนัสทำงานอยู่จะถอนเงินหรือรับโบนัสอื่นไม่ได้`,
  la: `ຮັບໂບນັດແລ້ວຕ້ອງຫຼິ້ນໃຫ້ໄດ້ຍອດ ${turnover} ເທົ່າຂອງໂບນັດກ່ອນຖອນ. ຖ້າຍອດເງິນຄົງເຫຼືອຕ່ຳກວ່າ %percentFail%% ຂອງໂບນັດ ໂບນັດຈະສິ້ນສຸດ. ໃນລະຫວ່າງທີ່ໂບນັດເຮັດວຽກຢູ່ ຈະຖອນເງິນ ຫຼື ຮັບໂບນັດອື່ນບໍ່ໄດ້.`,
  en: `Play ${turnover} times the bonus before you withdraw. If your balance falls below %percentFail%% of the bonus, the bonus ends. While it is active you cannot withdraw or take another bonus.`,
});

const banners = (...names: string[]) => names.map((n) => ({ image: `/programmes/${n}.svg`, html: '' }));

const welcome = (currency: 'BAHT' | 'LAK'): SeedBonus => ({
  code: 'WELCOME100',
  currency,
  name: {
    th: 'โบนัสต้อนรับ 100%',
    la: 'ໂບນັດຕ້ອນຮັບ 100%',
    en: 'Welcome bonus 100%',
  },
  notice: notice(5),
  banners: banners('welcome', 'rules'),
  type: 'limit',
  maxReceived: 1,
  reward: { kind: 'percent', percent: 100, max: currency === 'BAHT' ? 500 : 150_000 },
  minDeposit: currency === 'BAHT' ? 100 : 20_000,
  categories: null,
  percentSuccess: 500,
  percentFail: 10,
  sort: 1,
});

const daily = (currency: 'BAHT' | 'LAK'): SeedBonus => ({
  code: 'DAILY10',
  currency,
  name: { th: 'ฝากรายวันรับ 10%', la: 'ຝາກປະຈຳວັນຮັບ 10%', en: 'Daily deposit 10%' },
  notice: notice(3),
  banners: banners('daily', 'rules'),
  type: 'day',
  maxReceived: 2,
  reward: { kind: 'percent', percent: 10, max: currency === 'BAHT' ? 300 : 90_000 },
  minDeposit: currency === 'BAHT' ? 300 : 50_000,
  categories: ['slot'],
  percentSuccess: 300,
  percentFail: 20,
  sort: 2,
});

const weekly = (currency: 'BAHT' | 'LAK'): SeedBonus => ({
  code: 'WEEKLY50',
  currency,
  name: {
    th: currency === 'BAHT' ? 'ฝากครบรับ 50 บาททุกสัปดาห์' : 'ฝากครบรับ 15,000 กีบทุกสัปดาห์',
    la: currency === 'BAHT' ? 'ຝາກຄົບຮັບ 50 ບາດທຸກອາທິດ' : 'ຝາກຄົບຮັບ 15,000 ກີບທຸກອາທິດ',
    en: currency === 'BAHT' ? 'Weekly 50 baht' : 'Weekly 15,000 kip',
  },
  notice: notice(10),
  banners: banners('weekly'),
  type: 'week',
  maxReceived: 1,
  reward: { kind: 'fixed', amount: currency === 'BAHT' ? 50 : 15_000 },
  minDeposit: currency === 'BAHT' ? 500 : 150_000,
  categories: ['sport', 'lotto'],
  percentSuccess: 1_000,
  percentFail: 10,
  sort: 3,
});

const promotion = (currency: 'BAHT' | 'LAK'): SeedPromotion => ({
  code: 'KRAPAO50',
  currency,
  description: {
    th: `โค้ดโปรโมชัน KRAPAO50: รับ 50% ของยอดฝากล่าสุด สูงสุด ${currency === 'BAHT' ? '300 บาท' : '90,000 กีบ'} ทำยอดเล่น 4 เท่าของโบนัสก่อนถอน ใช้ได้ครั้งเดียวต่อสมาชิก`,
    la: `ລະຫັດໂປຣໂມຊັນ KRAPAO50: ຮັບ 50% ຂອງຍອດຝາກລ່າສຸດ ສູງສຸດ ${currency === 'BAHT' ? '300 ບາດ' : '90,000 ກີບ'}. ຫຼິ້ນໃຫ້ໄດ້ຍອດ 4 ເທົ່າຂອງໂບນັດກ່ອນຖອນ. ໃຊ້ໄດ້ຄັ້ງດຽວຕໍ່ສະມາຊິກ.`,
    en: `Promotion code KRAPAO50: 50% of your latest deposit, up to ${currency === 'BAHT' ? '300 baht' : '90,000 kip'}. Play 4 times the bonus before you withdraw. Once per member.`,
  },
  reward: { kind: 'percent', percent: 50, max: currency === 'BAHT' ? 300 : 90_000 },
  minDeposit: currency === 'BAHT' ? 100 : 20_000,
  categories: null,
  percentSuccess: 400,
  percentFail: 10,
  totalCap: 1_000,
  validFrom: null,
  validTo: null,
});

export async function seedBonuses(q: Queryable) {
  // Written as the operator's save would, but a row of the same code and currency is kept as it is.
  const keep = { replace: false, at: null };
  for (const currency of ['BAHT', 'LAK'] as const) {
    for (const b of [welcome(currency), daily(currency), weekly(currency)])
      await writeBonus(q, { ...b, active: true }, keep);
    await writePromotion(q, { ...promotion(currency), active: true }, { from: null, to: null }, keep);
  }
}
