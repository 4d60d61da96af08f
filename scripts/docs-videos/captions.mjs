// The captions of the five how-to videos, one per step of each flow (flows.mjs), in th, la and en. Lao in
// Lao script, Thai in Thai script: a member reads them under the video in the language of the app. They
// say nothing of one country's banks or money, so the Thai recordings and a Laos build's share them;
// where a region's must differ, REGION_CAPTIONS says it for that region (caption() picks).

export const CAPTIONS = {
  register: {
    start: {
      th: 'กด "สมัครสมาชิก" ที่เมนูด้านล่าง',
      la: 'ກົດ "ສະໝັກສະມາຊິກ" ຢູ່ເມນູດ້ານລຸ່ມ',
      en: 'Tap "Register" in the bottom menu',
    },
    phone: {
      th: 'กรอกเบอร์มือถือ เบอร์นี้คือชื่อผู้ใช้ของคุณ',
      la: 'ປ້ອນເບີໂທລະສັບມືຖື ເບີນີ້ແມ່ນຊື່ຜູ້ໃຊ້ຂອງທ່ານ',
      en: 'Enter your mobile number: it is your username',
    },
    otp: {
      th: 'ใส่รหัส OTP 6 หลักที่ได้รับทาง SMS',
      la: 'ປ້ອນລະຫັດ OTP 6 ຕົວທີ່ໄດ້ຮັບທາງ SMS',
      en: 'Type the 6-digit code we sent you by SMS',
    },
    profile: {
      th: 'กรอกชื่อ และตั้งรหัสผ่าน',
      la: 'ປ້ອນຊື່ ແລະ ຕັ້ງລະຫັດຜ່ານ',
      en: 'Enter your name and choose a password',
    },
    bank: {
      th: 'เลือกธนาคาร และกรอกบัญชีที่จะใช้ฝากและถอน',
      la: 'ເລືອກທະນາຄານ ແລະ ປ້ອນບັນຊີທີ່ຈະໃຊ້ຝາກ ແລະ ຖອນ',
      en: 'Choose your bank and the account you deposit from and withdraw to',
    },
    done: {
      th: 'สมัครเสร็จแล้ว เข้าสู่ระบบด้วยเบอร์และรหัสผ่าน',
      la: 'ສະໝັກສຳເລັດແລ້ວ ເຂົ້າສູ່ລະບົບດ້ວຍເບີ ແລະ ລະຫັດຜ່ານ',
      en: 'Done: log in with your phone number and password',
    },
    agreements: {
      th: 'อ่านและยอมรับข้อตกลงสมาชิก แล้วเริ่มใช้งานได้เลย',
      la: 'ອ່ານ ແລະ ຍອມຮັບຂໍ້ຕົກລົງສະມາຊິກ ແລ້ວເລີ່ມໃຊ້ງານໄດ້ເລີຍ',
      en: 'Read and accept the member agreements, and you are in',
    },
  },
  depositBank: {
    start: {
      th: 'เปิดเมนูด่วน แล้วกด "ฝากเงิน"',
      la: 'ເປີດເມນູດ່ວນ ແລ້ວກົດ "ຝາກເງິນ"',
      en: 'Open the quick actions and tap "Deposit"',
    },
    account: {
      th: 'ที่ "โอนธนาคาร" คัดลอกเลขบัญชีของเรา',
      la: 'ຢູ່ "ໂອນທະນາຄານ" ສຳເນົາເລກບັນຊີຂອງພວກເຮົາ',
      en: 'Under "Bank transfer", copy our account number',
    },
    transfer: {
      th: 'โอนจากบัญชีที่ลงทะเบียนไว้ ผ่านแอปธนาคารของคุณ',
      la: 'ໂອນຈາກບັນຊີທີ່ລົງທະບຽນໄວ້ ຜ່ານແອັບທະນາຄານຂອງທ່ານ',
      en: 'Transfer from your registered account in your banking app',
    },
    credited: {
      th: 'เงินเข้ากระเป๋าเองภายใน 1 นาที',
      la: 'ເງິນເຂົ້າກະເປົາເອງພາຍໃນ 1 ນາທີ',
      en: 'Your wallet is credited by itself within a minute',
    },
  },
  depositQr: {
    start: {
      th: 'เปิดเมนูด่วน กด "ฝากเงิน" แล้วเลือก "คิวอาร์โค้ด"',
      la: 'ເປີດເມນູດ່ວນ ກົດ "ຝາກເງິນ" ແລ້ວເລືອກ "ຄິວອາໂຄດ"',
      en: 'Open the quick actions, tap "Deposit", then "QR code"',
    },
    amount: {
      th: 'เลือกช่องทางและจำนวนเงิน แล้วกดสร้างคิวอาร์โค้ด',
      la: 'ເລືອກຊ່ອງທາງ ແລະ ຈຳນວນເງິນ ແລ້ວກົດສ້າງຄິວອາໂຄດ',
      en: 'Choose a channel and an amount, then create the QR code',
    },
    scan: {
      th: 'สแกนด้วยแอปธนาคาร และชำระตามยอดก่อนหมดเวลา',
      la: 'ສະແກນດ້ວຍແອັບທະນາຄານ ແລະ ຊຳລະຕາມຍອດກ່ອນໝົດເວລາ',
      en: 'Scan it with your banking app and pay the exact amount in time',
    },
    credited: {
      th: 'ชำระแล้ว เงินเข้ากระเป๋าทันที',
      la: 'ຊຳລະແລ້ວ ເງິນເຂົ້າກະເປົາທັນທີ',
      en: 'Paid: the money is in your wallet at once',
    },
  },
  withdraw: {
    start: {
      th: 'เปิดเมนูด่วน แล้วกด "ถอนเงิน"',
      la: 'ເປີດເມນູດ່ວນ ແລ້ວກົດ "ຖອນເງິນ"',
      en: 'Open the quick actions and tap "Withdraw"',
    },
    amount: {
      th: 'ใส่จำนวนเงินที่จะถอน แล้วกด "ถอนเงิน"',
      la: 'ປ້ອນຈຳນວນເງິນທີ່ຈະຖອນ ແລ້ວກົດ "ຖອນເງິນ"',
      en: 'Enter the amount and tap "Withdraw"',
    },
    pin: {
      th: 'ครั้งแรกตั้ง PIN 6 หลัก แล้วใส่ PIN เพื่อยืนยันการถอน',
      la: 'ຄັ້ງທຳອິດຕັ້ງ PIN 6 ຕົວ ແລ້ວປ້ອນ PIN ເພື່ອຢືນຢັນການຖອນ',
      en: 'The first time, set a 6-digit PIN; then confirm with your PIN',
    },
    done: {
      th: 'เงินจะโอนเข้าบัญชีที่คุณลงทะเบียนไว้',
      la: 'ເງິນຈະໂອນເຂົ້າບັນຊີທີ່ທ່ານລົງທະບຽນໄວ້',
      en: 'It is paid to the bank account you registered',
    },
    statement: {
      th: 'ดูสถานะการถอนได้ที่หน้า "รายการ"',
      la: 'ເບິ່ງສະຖານະການຖອນໄດ້ຢູ່ໜ້າ "ລາຍການ"',
      en: 'Follow it on the "Statement" page',
    },
  },
  transferPlay: {
    start: {
      th: 'เลือกเกมที่หน้าแรก',
      la: 'ເລືອກເກມຢູ່ໜ້າທຳອິດ',
      en: 'Choose a game on the home page',
    },
    activate: {
      th: 'ครั้งแรก กด "เปิดบัญชี" สำหรับเกมนี้',
      la: 'ຄັ້ງທຳອິດ ກົດ "ເປີດບັນຊີ" ສຳລັບເກມນີ້',
      en: 'The first time, tap "Open account" for this game',
    },
    amount: {
      th: 'ใส่จำนวนเงิน แล้วกด "โอนแล้วเล่น"',
      la: 'ປ້ອນຈຳນວນເງິນ ແລ້ວກົດ "ໂອນແລ້ວຫຼິ້ນ"',
      en: 'Enter an amount and tap "Transfer & play"',
    },
    play: {
      th: 'เงินอยู่ในเกมแล้ว ขอให้สนุก!',
      la: 'ເງິນຢູ່ໃນເກມແລ້ວ ຂໍໃຫ້ມ່ວນ!',
      en: 'The money is in the game: have fun!',
    },
  },
};

/** A region's own caption for a step, where the shared one would not be right there. */
export const REGION_CAPTIONS = {
  th: {},
  la: {
    depositQr: {
      // A kip member has one QR channel (OnePay's LAPNet QR): no channel to choose.
      amount: {
        th: 'เลือกจำนวนเงิน แล้วกดสร้างคิวอาร์โค้ด',
        la: 'ເລືອກຈຳນວນເງິນ ແລ້ວກົດສ້າງຄິວອາໂຄດ',
        en: 'Choose an amount, then create the QR code',
      },
    },
  },
};

/** The caption of `key`'s `step` in `lng` for the videos of `region`: its own where it has one. */
export const caption = (region, key, step, lng) =>
  REGION_CAPTIONS[region]?.[key]?.[step]?.[lng] ?? CAPTIONS[key]?.[step]?.[lng];
