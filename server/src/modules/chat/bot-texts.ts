// The automatic greeting's and answers' texts, in the three languages of the site, in one place: a change
// of wording is one edit here. {amount} and {time} are filled in by bot.ts.
export const BOT_LOCALES = ['th', 'la', 'en'] as const;
export type BotLocale = (typeof BOT_LOCALES)[number];

type Texts = Record<BotLocale, string>;

export const BOT_TEXTS = {
  name: { th: 'ผู้ช่วย Krapao', la: 'ຜູ້ຊ່ວຍ Krapao', en: 'Krapao assistant' },
  greeting: {
    th: 'สวัสดีค่ะ มีอะไรให้เราช่วยไหมคะ เลือกคำถามที่พบบ่อยด้านล่าง หรือพิมพ์ข้อความไว้ แล้วเจ้าหน้าที่จะตอบกลับโดยเร็ว',
    la: 'ສະບາຍດີ! ມີຫຍັງໃຫ້ພວກເຮົາຊ່ວຍບໍ່? ເລືອກຄຳຖາມທີ່ພົບເລື້ອຍຂ້າງລຸ່ມ ຫຼື ພິມຂໍ້ຄວາມໄວ້ ແລ້ວພະນັກງານຈະຕອບກັບໂດຍໄວ',
    en: 'Hello! How can we help? Choose a common question below, or write your message and an operator will answer soon.',
  },
  askDeposit: { th: 'ฝากเงินแล้วยอดไม่เข้า', la: 'ຝາກເງິນແລ້ວຍອດບໍ່ເຂົ້າ', en: 'My deposit is not credited' },
  askWithdrawal: { th: 'สถานะการถอนเงิน', la: 'ສະຖານະການຖອນເງິນ', en: 'Where is my withdrawal?' },
  askPassword: { th: 'ลืมรหัสผ่าน', la: 'ລືມລະຫັດຜ່ານ', en: 'I forgot my password' },
  askOperator: { th: 'คุยกับเจ้าหน้าที่', la: 'ລົມກັບພະນັກງານ', en: 'Talk to an operator' },
  loginFirst: {
    th: 'กรุณาเข้าสู่ระบบก่อน แล้วถามอีกครั้งที่นี่ เราจะตรวจสอบรายการของคุณได้ทันที หรือพิมพ์เบอร์โทรศัพท์ไว้ เจ้าหน้าที่จะตรวจสอบให้',
    la: 'ກະລຸນາເຂົ້າສູ່ລະບົບກ່ອນ ແລ້ວຖາມອີກຄັ້ງຢູ່ນີ້ ພວກເຮົາຈະກວດເບິ່ງລາຍການຂອງທ່ານໄດ້ທັນທີ ຫຼື ພິມເບີໂທລະສັບໄວ້ ພະນັກງານຈະກວດສອບໃຫ້',
    en: 'Please log in first and ask again here: we can then look at your own deposits and withdrawals. Or write your phone number and an operator will check.',
  },
  depositNone: {
    th: 'ยังไม่พบรายการฝากของคุณ โดยปกติการโอนผ่านธนาคารจะเข้าภายในไม่กี่นาที หากนานกว่านั้น กรุณาส่งรูปสลิปมาที่นี่',
    la: 'ຍັງບໍ່ພົບລາຍການຝາກຂອງທ່ານ ໂດຍປົກກະຕິການໂອນຜ່ານທະນາຄານຈະເຂົ້າພາຍໃນບໍ່ເທົ່າໃດນາທີ ຖ້າດົນກວ່ານັ້ນ ກະລຸນາສົ່ງຮູບສະລິບມາບ່ອນນີ້',
    en: 'We have no deposit of yours yet. A bank transfer is usually credited within a few minutes; if it has been longer, send a picture of the slip here.',
  },
  depositSuccess: {
    th: 'รายการฝากล่าสุดของคุณ {amount} ({time}) เข้ากระเป๋าเงินแล้ว หากคุณโอนหลังจากนั้นและยอดยังไม่เข้า กรุณาส่งรูปสลิปมาที่นี่',
    la: 'ລາຍການຝາກລ່າສຸດຂອງທ່ານ {amount} ({time}) ເຂົ້າກະເປົາເງິນແລ້ວ ຖ້າທ່ານໂອນຫຼັງຈາກນັ້ນ ແລະ ຍອດຍັງບໍ່ເຂົ້າ ກະລຸນາສົ່ງຮູບສະລິບມາບ່ອນນີ້',
    en: 'Your last deposit, {amount} ({time}), was credited to your wallet. If you transferred after that and it is not there yet, send a picture of the slip here.',
  },
  depositPending: {
    th: 'รายการฝากล่าสุดของคุณ {amount} ({time}) กำลังดำเนินการ โดยปกติจะเข้าภายในไม่กี่นาที',
    la: 'ລາຍການຝາກລ່າສຸດຂອງທ່ານ {amount} ({time}) ກຳລັງດຳເນີນການ ໂດຍປົກກະຕິຈະເຂົ້າພາຍໃນບໍ່ເທົ່າໃດນາທີ',
    en: 'Your last deposit, {amount} ({time}), is being processed. It is usually credited within a few minutes.',
  },
  depositFailed: {
    th: 'รายการฝากล่าสุดของคุณ {amount} ({time}) ไม่สำเร็จ เจ้าหน้าที่จะตรวจสอบให้ คุณสามารถส่งรูปสลิปมาที่นี่ได้',
    la: 'ລາຍການຝາກລ່າສຸດຂອງທ່ານ {amount} ({time}) ບໍ່ສຳເລັດ ພະນັກງານຈະກວດສອບໃຫ້ ທ່ານສາມາດສົ່ງຮູບສະລິບມາບ່ອນນີ້ໄດ້',
    en: 'Your last deposit, {amount} ({time}), did not go through. An operator will look at it; you may send a picture of the slip here.',
  },
  slipChecking: {
    th: 'สลิปที่คุณอัปโหลดกำลังตรวจสอบ',
    la: 'ສະລິບທີ່ທ່ານອັບໂຫຼດກຳລັງກວດສອບ',
    en: 'A slip you uploaded is being checked.',
  },
  withdrawalNone: {
    th: 'คุณยังไม่มีรายการถอนเงิน',
    la: 'ທ່ານຍັງບໍ່ມີລາຍການຖອນເງິນ',
    en: 'You have no withdrawal yet.',
  },
  withdrawalPending: {
    th: 'รายการถอนเงิน {amount} ({time}) ของคุณกำลังดำเนินการ โดยปกติจะได้รับเงินภายในไม่กี่นาที',
    la: 'ລາຍການຖອນເງິນ {amount} ({time}) ຂອງທ່ານກຳລັງດຳເນີນການ ໂດຍປົກກະຕິຈະໄດ້ຮັບເງິນພາຍໃນບໍ່ເທົ່າໃດນາທີ',
    en: 'Your withdrawal of {amount} ({time}) is being processed. It is usually paid within a few minutes.',
  },
  withdrawalPaid: {
    th: 'รายการถอนเงินล่าสุด {amount} ({time}) ของคุณโอนเข้าบัญชีธนาคารแล้ว',
    la: 'ລາຍການຖອນເງິນລ່າສຸດ {amount} ({time}) ຂອງທ່ານໂອນເຂົ້າບັນຊີທະນາຄານແລ້ວ',
    en: 'Your last withdrawal of {amount} ({time}) was paid to your bank account.',
  },
  withdrawalReturned: {
    th: 'รายการถอนเงินล่าสุด {amount} ({time}) ของคุณไม่สำเร็จ และเงินได้คืนเข้ากระเป๋าเงินแล้ว',
    la: 'ລາຍການຖອນເງິນລ່າສຸດ {amount} ({time}) ຂອງທ່ານບໍ່ສຳເລັດ ແລະ ເງິນໄດ້ຄືນເຂົ້າກະເປົາເງິນແລ້ວ',
    en: 'Your last withdrawal of {amount} ({time}) was not paid, and the money went back to your wallet.',
  },
  // An operator's rejection of a withdrawal (the console's queue), with the reason the operator gave.
  withdrawalRejected: {
    th: 'รายการถอนเงิน {amount} ({time}) ของคุณไม่ได้รับการอนุมัติ และเงินได้คืนเข้ากระเป๋าเงินแล้ว เหตุผล: {reason}',
    la: 'ລາຍການຖອນເງິນ {amount} ({time}) ຂອງທ່ານບໍ່ໄດ້ຮັບການອະນຸມັດ ແລະ ເງິນໄດ້ຄືນເຂົ້າກະເປົາເງິນແລ້ວ ເຫດຜົນ: {reason}',
    en: 'Your withdrawal of {amount} ({time}) was not approved, and the money is back in your wallet. Reason: {reason}',
  },
  // A time-out, self-exclusion or lower limit staff placed for the member (console-care.ts): what now
  // holds and until when, never the staff member's reason (that is for the audit).
  staffTimeout: {
    th: 'เจ้าหน้าที่ได้เริ่มการพักเล่นให้บัญชีของคุณถึง {until} ระหว่างนี้การฝากเงิน การเล่น และข้อเสนอต่าง ๆ จะปิดไว้ ส่วนการถอนเงินยังทำได้ตามปกติ หากมีคำถาม พิมพ์ถามได้ที่นี่',
    la: 'ພະນັກງານໄດ້ເລີ່ມການພັກຫຼິ້ນໃຫ້ບັນຊີຂອງທ່ານຮອດ {until} ໃນລະຫວ່າງນີ້ການຝາກເງິນ ການຫຼິ້ນ ແລະ ຂໍ້ສະເໜີຕ່າງໆຈະປິດໄວ້ ສ່ວນການຖອນເງິນຍັງເຮັດໄດ້ຕາມປົກກະຕິ ຖ້າມີຄຳຖາມ ພິມຖາມໄດ້ບ່ອນນີ້',
    en: 'Our staff have started a break for your account until {until}. Until then deposits, play and offers are closed; you can still withdraw. If you have questions, write to us here.',
  },
  staffExclusion: {
    th: 'เจ้าหน้าที่ได้ระงับการเล่นของบัญชีคุณถึง {until} ระหว่างนี้การฝากเงิน การเล่น และข้อเสนอต่าง ๆ จะปิดไว้ ส่วนการถอนเงินยังทำได้ตามปกติ หากมีคำถาม พิมพ์ถามได้ที่นี่',
    la: 'ພະນັກງານໄດ້ລະງັບການຫຼິ້ນຂອງບັນຊີທ່ານຮອດ {until} ໃນລະຫວ່າງນີ້ການຝາກເງິນ ການຫຼິ້ນ ແລະ ຂໍ້ສະເໜີຕ່າງໆຈະປິດໄວ້ ສ່ວນການຖອນເງິນຍັງເຮັດໄດ້ຕາມປົກກະຕິ ຖ້າມີຄຳຖາມ ພິມຖາມໄດ້ບ່ອນນີ້',
    en: 'Our staff have closed play on your account until {until}. Until then deposits, play and offers are closed; you can still withdraw. If you have questions, write to us here.',
  },
  staffLimit: {
    th: 'เจ้าหน้าที่ได้ตั้ง{limit}ของคุณเป็น {amount} มีผลทันที คุณลดวงเงินลงได้อีกที่หน้าวงเงินของคุณ หากมีคำถาม พิมพ์ถามได้ที่นี่',
    la: 'ພະນັກງານໄດ້ຕັ້ງ{limit}ຂອງທ່ານເປັນ {amount} ມີຜົນທັນທີ ທ່ານຫຼຸດວົງເງິນລົງໄດ້ອີກທີ່ໜ້າວົງເງິນຂອງທ່ານ ຖ້າມີຄຳຖາມ ພິມຖາມໄດ້ບ່ອນນີ້',
    en: 'Our staff have set your {limit} to {amount}; it applies now. You can lower it further on your limits page. If you have questions, write to us here.',
  },
  depositDay: { th: 'วงเงินฝากต่อวัน', la: 'ວົງເງິນຝາກຕໍ່ມື້', en: 'daily deposit limit' },
  depositWeek: { th: 'วงเงินฝากต่อสัปดาห์', la: 'ວົງເງິນຝາກຕໍ່ອາທິດ', en: 'weekly deposit limit' },
  depositMonth: { th: 'วงเงินฝากต่อเดือน', la: 'ວົງເງິນຝາກຕໍ່ເດືອນ', en: 'monthly deposit limit' },
  lossDay: { th: 'วงเงินเสียต่อวัน', la: 'ວົງເງິນເສຍຕໍ່ມື້', en: 'daily loss limit' },
  lossWeek: { th: 'วงเงินเสียต่อสัปดาห์', la: 'ວົງເງິນເສຍຕໍ່ອາທິດ', en: 'weekly loss limit' },
  lossMonth: { th: 'วงเงินเสียต่อเดือน', la: 'ວົງເງິນເສຍຕໍ່ເດືອນ', en: 'monthly loss limit' },
  password: {
    th: 'หากต้องการตั้งรหัสผ่านใหม่ กรุณาพิมพ์เบอร์โทรศัพท์ที่ลงทะเบียนและชื่อบัญชีธนาคารของคุณไว้ที่นี่ เจ้าหน้าที่จะตรวจสอบและช่วยเหลือคุณ',
    la: 'ຖ້າຕ້ອງການຕັ້ງລະຫັດຜ່ານໃໝ່ ກະລຸນາພິມເບີໂທລະສັບທີ່ລົງທະບຽນ ແລະ ຊື່ບັນຊີທະນາຄານຂອງທ່ານໄວ້ບ່ອນນີ້ ພະນັກງານຈະກວດສອບ ແລະ ຊ່ວຍເຫຼືອທ່ານ',
    en: 'To reset your password, write your registered phone number and the name on your bank account here. An operator will check them and help you.',
  },
  operator: {
    th: 'เจ้าหน้าที่จะตอบกลับคุณที่นี่โดยเร็ว',
    la: 'ພະນັກງານຈະຕອບກັບທ່ານຢູ່ນີ້ໂດຍໄວ',
    en: 'An operator will answer you here soon.',
  },
  baht: { th: 'บาท', la: 'ບາດ', en: 'THB' },
  kip: { th: 'กีบ', la: 'ກີບ', en: 'LAK' },
} satisfies Record<string, Texts>;

export type BotText = keyof typeof BOT_TEXTS;
