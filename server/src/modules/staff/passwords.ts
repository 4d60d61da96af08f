// A staff password: at least STAFF_PASSWORD_MIN_LENGTH characters and not a common one: the members'
// rule (accounts/rules.ts, its common-password list) plus the stems people lengthen to reach 12
// characters (a word with a year or digits tacked on, one character repeated).
import { STAFF_PASSWORD_MIN_LENGTH } from '@krapao/contract';
import { AppError } from '../../errors.ts';
import { checkPassword } from '../accounts/rules.ts';

const COMMON_STEMS = [
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'iloveyou',
  'krapao',
  'abc123',
  'changeme',
  '123456789',
  '1234567890',
  '0123456789',
];

export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase().replace(/[\s!@#$%^&*._-]+/g, '');
  if (/^(.)\1*$/.test(p)) return true;
  if (/^\d+$/.test(p)) return true;
  return COMMON_STEMS.some((stem) => p.replace(/\d+$/, '') === stem || p === stem);
}

export function checkStaffPassword(password: string): void {
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) throw new AppError('STAFF_PASSWORD_TOO_SHORT');
  if (isCommonPassword(password)) throw new AppError('PASSWORD_TOO_WEAK');
  checkPassword(password);
}
