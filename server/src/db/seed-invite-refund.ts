// The seeded invite programme and loss refund: on, with banners drawn for
// Krapao (web/public/programmes/), so a newcomer sees both modals filled. The operator changes them with
// `npm run ops -- invite-rules '{...}'` and `refund-rules '{...}'`; seeding again never overwrites them.
import type { InviteRules, RefundRules } from '@krapao/contract';

export const SEED_INVITE_RULES: InviteRules = {
  active: true,
  percent: 0.5,
  percentSuccess: 100,
  percentFail: 10,
  minimum: { BAHT: 1, LAK: 1_000 },
  banners: [
    {
      image: '/programmes/invite-1.svg',
      html: {
        th: '<p><b>ชวนเพื่อน รับค่าคอม 0.5%</b> จากทุกยอดเล่นของเพื่อน ไม่มีวันหมดอายุ</p>',
        la: '<p><b>ຊວນໝູ່ ຮັບຄ່າຄອມ 0.5%</b> ຈາກທຸກຍອດຫຼິ້ນຂອງໝູ່ ບໍ່ມີວັນໝົດອາຍຸ</p>',
        en: '<p><b>Invite friends, earn 0.5%</b> of everything they play, for as long as they play.</p>',
      },
    },
    {
      image: '/programmes/invite-2.svg',
      html: {
        th: '<p>ส่งลิงก์ของคุณให้เพื่อน เมื่อเพื่อนสมัครและเล่น ค่าคอมจะสะสมให้คุณกดรับได้ทุกเวลา</p>',
        la: '<p>ສົ່ງລິ້ງຂອງທ່ານໃຫ້ໝູ່ ເມື່ອໝູ່ສະໝັກ ແລະ ຫຼິ້ນ ຄ່າຄອມຈະສະສົມໃຫ້ທ່ານກົດຮັບໄດ້ທຸກເວລາ</p>',
        en: '<p>Send your link to a friend. When they sign up and play, your commission adds up, ready to receive at any time.</p>',
      },
    },
  ],
};

export const SEED_REFUND_RULES: RefundRules = {
  active: true,
  period: 'daily',
  percent: 5,
  percentSuccess: 300,
  percentFail: 10,
  addWallet: { percent: 3, percentSuccess: 0, percentFail: 0 },
  minimum: { BAHT: 1, LAK: 1_000 },
  banners: [
    {
      image: '/programmes/refund-1.svg',
      html: {
        th: '<p><b>คืนยอดเสีย 5% ทุกวัน</b> รับได้ตั้งแต่เที่ยงคืน สำหรับยอดเสียของเมื่อวาน</p>',
        la: '<p><b>ຄືນຍອດເສຍ 5% ທຸກມື້</b> ຮັບໄດ້ຕັ້ງແຕ່ທ່ຽງຄືນ ສຳລັບຍອດເສຍຂອງມື້ວານ</p>',
        en: '<p><b>5% of your losses back, every day</b>: yesterday’s refund is ready from midnight.</p>',
      },
    },
    {
      image: '/programmes/refund-2.svg',
      html: {
        th: '<p>หรือเลือกเข้ากระเป๋าทันที 3% ไม่ต้องทำเทิร์น ถอนได้เลย</p>',
        la: '<p>ຫຼື ເລືອກເຂົ້າກະເປົາທັນທີ 3% ບໍ່ຕ້ອງເຮັດເທີນ ຖອນໄດ້ເລີຍ</p>',
        en: '<p>Or take 3% straight to your wallet: no turnover, withdraw at once.</p>',
      },
    },
  ],
};

/** Settings of the two programmes; the time zone of every programme's day and week by the build's region. */
export function inviteRefundSettings(laos: boolean): Record<string, unknown> {
  return {
    'invite.rules': SEED_INVITE_RULES,
    'refund.rules': SEED_REFUND_RULES,
    'programmes.timeZone': laos ? 'Asia/Vientiane' : 'Asia/Bangkok',
  };
}
