// The SMS after a sign-in from a device the member has not signed in from before, in the language of
// the screen that signed in (the region's default without one, notices.ts).
import type { Locale } from '@krapao/contract';
import { deviceName } from './devices.ts';

/** Thailand and Laos share the time zone; the member reads the time as their clock shows it. */
const when = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);

export function newDeviceText(locale: Locale, device: { browser: string; os: string }, at: Date): string {
  switch (locale) {
    case 'th':
      return `Krapao: มีการเข้าสู่ระบบบัญชีของคุณจากอุปกรณ์ใหม่ (${deviceName(device, 'บน', 'ไม่ทราบอุปกรณ์')}) เมื่อ ${when(at)} หากไม่ใช่คุณ กรุณาเปลี่ยนรหัสผ่านและออกจากระบบอุปกรณ์อื่นทันที`;
    case 'la':
      return `Krapao: ມີການເຂົ້າສູ່ລະບົບບັນຊີຂອງທ່ານຈາກອຸປະກອນໃໝ່ (${deviceName(device, 'ເທິງ', 'ບໍ່ຮູ້ຈັກອຸປະກອນ')}) ເມື່ອ ${when(at)} ຖ້າບໍ່ແມ່ນທ່ານ ກະລຸນາປ່ຽນລະຫັດຜ່ານ ແລະ ອອກຈາກລະບົບອຸປະກອນອື່ນທັນທີ`;
    default:
      return `Krapao: your account was signed in from a new device (${deviceName(device, 'on', 'unknown device')}) at ${when(at)}. If this was not you, change your password and sign out your other devices now.`;
  }
}
