// The SMS texts of a change of the payout account (PRO-3), in the member's language: the one their
// screen sent with the request, else the region's default (Thai, or Lao in a Laos build).
import { DEFAULT_LOCALE_LA, DEFAULT_LOCALE_TH, OTP_TTL_S, type Locale, type Region } from '@krapao/contract';

export const noticeLocale = (region: Region, lang: Locale | undefined): Locale =>
  lang ?? (region === 'la' ? DEFAULT_LOCALE_LA : DEFAULT_LOCALE_TH);

const MINUTES = Math.round(OTP_TTL_S / 60);

/** The code's SMS says what it authorises, so a member who did not ask knows not to pass it on. */
export function bankChangeCodeText(locale: Locale, code: string, ref: string): string {
  switch (locale) {
    case 'th':
      return `Krapao: รหัส ${code} (Ref ${ref}) สำหรับเปลี่ยนบัญชีธนาคารที่ใช้ถอนเงิน ใช้ได้ ${MINUTES} นาที ห้ามบอกรหัสนี้แก่ผู้อื่น`;
    case 'la':
      return `Krapao: ລະຫັດ ${code} (Ref ${ref}) ສຳລັບປ່ຽນບັນຊີທະນາຄານທີ່ໃຊ້ຖອນເງິນ ໃຊ້ໄດ້ ${MINUTES} ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ`;
    default:
      return `Krapao: ${code} is your code (Ref ${ref}) to change the bank account for withdrawals. It expires in ${MINUTES} min. Never share it.`;
  }
}

/**
 * The short code a member knows a bank by: "ttb" for the code TMB, the spec's old short code (as the web's
 * lib/banks.ts bankCodeText shows it; the bank has been ttb since 2021).
 */
const bankCodeText = (code: string) => (code === 'TMB' ? 'ttb' : code);

/** Sent after the change: the new account's bank and last digits, the hold, and what to do if it was not them. */
export function bankChangedText(
  locale: Locale,
  change: { bankCode: string; bankAccountNo: string; holdHours: number },
): string {
  const last4 = change.bankAccountNo.slice(-4);
  const bank = bankCodeText(change.bankCode);
  const h = change.holdHours;
  switch (locale) {
    case 'th':
      return (
        `Krapao: บัญชีรับเงินถอนของคุณถูกเปลี่ยนเป็น ${bank} ลงท้าย ${last4}` +
        (h > 0 ? ` การถอนเงินเข้าบัญชีนี้จะรอตรวจสอบไม่เกิน ${h} ชั่วโมง` : '') +
        ` หากคุณไม่ได้ทำรายการนี้ กรุณาติดต่อเราทันที`
      );
    case 'la':
      return (
        `Krapao: ບັນຊີຮັບເງິນຖອນຂອງທ່ານຖືກປ່ຽນເປັນ ${bank} ລົງທ້າຍ ${last4}` +
        (h > 0 ? ` ການຖອນເງິນເຂົ້າບັນຊີນີ້ຈະລໍຖ້າກວດສອບບໍ່ເກີນ ${h} ຊົ່ວໂມງ` : '') +
        ` ຖ້າທ່ານບໍ່ໄດ້ເຮັດລາຍການນີ້ ກະລຸນາຕິດຕໍ່ພວກເຮົາທັນທີ`
      );
    default:
      return (
        `Krapao: the bank account for your withdrawals was changed to ${bank} ending ${last4}.` +
        (h > 0 ? ` Withdrawals to it wait up to ${h} h for review.` : '') +
        ` If this was not you, contact us now.`
      );
  }
}

/** REG-3: the registration code, in the language of the screen that asked for it. */
export function registerCodeText(locale: Locale, code: string, ref: string): string {
  switch (locale) {
    case 'th':
      return `Krapao: รหัส ${code} (Ref ${ref}) สำหรับสมัครสมาชิก ใช้ได้ ${MINUTES} นาที ห้ามบอกรหัสนี้แก่ผู้อื่น`;
    case 'la':
      return `Krapao: ລະຫັດ ${code} (Ref ${ref}) ສຳລັບສະໝັກສະມາຊິກ ໃຊ້ໄດ້ ${MINUTES} ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ`;
    default:
      return `Krapao: ${code} is your registration code (Ref ${ref}). It expires in ${MINUTES} min. Never share it.`;
  }
}

/** The forgot-password code (accounts/password-reset.ts); `link` opens the reset with the code's ticket. */
export function passwordResetCodeText(locale: Locale, code: string, ref: string, link?: string): string {
  const open = link ? ` ${link}` : '';
  switch (locale) {
    case 'th':
      return `Krapao: รหัส ${code} (Ref ${ref}) สำหรับตั้งรหัสผ่านใหม่ ใช้ได้ ${MINUTES} นาที ห้ามบอกรหัสนี้แก่ผู้อื่น${open}`;
    case 'la':
      return `Krapao: ລະຫັດ ${code} (Ref ${ref}) ສຳລັບຕັ້ງລະຫັດຜ່ານໃໝ່ ໃຊ້ໄດ້ ${MINUTES} ນາທີ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ${open}`;
    default:
      return `Krapao: ${code} is your code (Ref ${ref}) to set a new password. It expires in ${MINUTES} min. Never share it.${open}`;
  }
}

/** LOG-3: the code a login past the limit of wrong passwords needs; it says so, in case it was not them. */
export function loginCodeText(locale: Locale, code: string, ref: string): string {
  switch (locale) {
    case 'th':
      return `Krapao: รหัส ${code} (Ref ${ref}) สำหรับเข้าสู่ระบบ มีการใส่รหัสผ่านผิดหลายครั้ง หากไม่ใช่คุณ ห้ามบอกรหัสนี้แก่ผู้อื่น`;
    case 'la':
      return `Krapao: ລະຫັດ ${code} (Ref ${ref}) ສຳລັບເຂົ້າສູ່ລະບົບ ມີການໃສ່ລະຫັດຜ່ານຜິດຫຼາຍເທື່ອ ຖ້າບໍ່ແມ່ນທ່ານ ຢ່າບອກລະຫັດນີ້ໃຫ້ຜູ້ອື່ນ`;
    default:
      return `Krapao: ${code} is your login code (Ref ${ref}). Many wrong passwords were tried; if this was not you, never share it.`;
  }
}
