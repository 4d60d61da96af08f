import { accounts, type RegistrationInput } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** REG-7: POST /api/account. */
export const register = (input: RegistrationInput) => callApi(accounts.register, input);

export const useRegister = () => useMutation({ mutationFn: register });

/** Which wizard step a server refusal belongs to (0 phone, 2 profile, 3 bank). */
export function registerErrorStep(code: string): number {
  switch (code) {
    case 'EXISTING_USER':
    case 'PHONE_NUMBER_REQUIRE_10_DIGIT':
    case 'UNVERIFIED_OTP': // the phone must be verified again: start from the phone step
      return 0;
    case 'PASSWORD_TOO_SHORT':
    case 'INVALID_SOURCE':
    case 'INVALID_INVITE_CODE':
    case 'INVALID_USER_INFO':
      return 2;
    default:
      return 3;
  }
}
