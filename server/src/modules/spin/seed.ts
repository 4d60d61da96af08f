// The seeded wheel: eight slices a newcomer can spin at once, credit in baht and kip (named in the
// site's money), coins and "try again", with one coin per 300 baht or per 200,000 kip deposited. The
// seed writes only what is absent: an operator's wheel, slices and rules are never replaced.
import type { Region, spin } from '@krapao/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/db.ts';
import { writeSlices } from './ops.ts';

type SeedSlice = z.input<typeof spin.opsSliceSchema>;

/**
 * A credit slice, named in the deployment's money: a Thai site's members hold baht, so its wheel says
 * baht only; a Laos site's say kip first (its members may hold either, so the baht follows).
 */
const credit = (
  region: Region,
  baht: number,
  kip: number,
  weight: number,
  code: string,
  bgColor: string,
): SeedSlice => {
  const k = kip.toLocaleString('en-US');
  return {
    code,
    label:
      region === 'la'
        ? { th: `${k} กีบ`, la: `${k} ກີບ`, en: `₭${k}` }
        : { th: `${baht} บาท`, la: `${baht} ບາດ`, en: `฿${baht}` },
    name:
      region === 'la'
        ? {
            th: `เครดิต ${k} กีบ (${baht} บาท)`,
            la: `ເຄຣດິດ ${k} ກີບ (${baht} ບາດ)`,
            en: `${k} kip credit (${baht} baht)`,
          }
        : { th: `เครดิต ${baht} บาท`, la: `ເຄຣດິດ ${baht} ບາດ`, en: `${baht} baht credit` },
    bgColor,
    textColor: '#ffffff',
    htmlDescription: {
      th: `<p>รับเครดิตเข้ากระเป๋า เล่นให้ได้ยอด <b>3 เท่า</b> ของเครดิตก่อนถอน</p>`,
      la: `<p>ຮັບເຄຣດິດເຂົ້າກະເປົາ ຫຼິ້ນໃຫ້ໄດ້ຍອດ <b>3 ເທົ່າ</b> ຂອງເຄຣດິດກ່ອນຖອນ</p>`,
      en: `<p>Credit to your wallet. Play <b>3 times</b> the credit before you withdraw.</p>`,
    },
    weight,
    type: 'credit',
    amounts: { BAHT: baht, LAK: kip },
    percentSuccess: 300,
    percentFail: 10,
  };
};

const coins = (n: number, weight: number, code: string, bgColor: string): SeedSlice => ({
  code,
  label: { th: `${n} เหรียญ`, la: `${n} ຫຼຽນ`, en: `${n} coin${n > 1 ? 's' : ''}` },
  name: { th: `เหรียญหมุนฟรี ${n} เหรียญ`, la: `ຫຼຽນໝຸນຟຣີ ${n} ຫຼຽນ`, en: `${n} free spin coin${n > 1 ? 's' : ''}` },
  bgColor,
  textColor: '#1c2b28',
  htmlDescription: {
    th: '<p>เหรียญเพิ่มสำหรับหมุนวงล้อ</p>',
    la: '<p>ຫຼຽນເພີ່ມສຳລັບໝຸນວົງລໍ້</p>',
    en: '<p>Extra coins to spin the wheel again.</p>',
  },
  weight,
  type: 'coins',
  coins: n,
});

const nothing = (code: string, bgColor: string, weight: number): SeedSlice => ({
  code,
  label: { th: 'ลองใหม่', la: 'ລອງໃໝ່', en: 'Try again' },
  name: { th: 'ไม่ได้รับรางวัล', la: 'ບໍ່ໄດ້ຮັບລາງວັນ', en: 'No prize' },
  bgColor,
  textColor: '#ffffff',
  weight,
  type: 'nothing',
});

/** Clockwise from the top; weights out of 1000 (the member sees each as a percent). */
export const seedSlices = (region: Region): SeedSlice[] => [
  credit(region, 20, 12_000, 220, 'CREDIT20', '#0ca678'),
  nothing('TRY1', '#495057', 180),
  coins(1, 200, 'COIN1', '#ffd43b'),
  credit(region, 50, 30_000, 120, 'CREDIT50', '#1c7ed6'),
  nothing('TRY2', '#343a40', 170),
  coins(3, 60, 'COIN3', '#fab005'),
  credit(region, 100, 60_000, 40, 'CREDIT100', '#ae3ec9'),
  credit(region, 500, 300_000, 10, 'CREDIT500', '#e03131'),
];
/** A Thai site's seeded wheel. */
export const SEED_SLICES = seedSlices('th');

export async function seedSpin(q: Queryable, region: Region = 'th') {
  await q.query(
    `insert into spin_wheels (id, name, active, coupon_valid_days) values (1, $1, true, 7)
     on conflict (id) do nothing`,
    [JSON.stringify({ th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' })],
  );
  const [any] = await q.query('select 1 from spin_slices limit 1');
  if (!any) await writeSlices(q, seedSlices(region));
  await q.query(
    `insert into spin_coin_rules (currency, amount_per_coin, max_per_deposit)
     values ('BAHT', 30000, 50), ('LAK', 20000000, 50) on conflict (currency) do nothing`,
  );
}
