import { accounts, type RegistrationInput } from '@krapao/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

type CheckInput = Omit<RegistrationInput, 'bankCode' | 'bankAccountName' | 'bankAccountNo'> &
  Partial<Pick<RegistrationInput, 'bankCode' | 'bankAccountName' | 'bankAccountNo'>>;

/** REG-5: POST /api/account/validate with what is known before the bank step. */
export const validateRegistration = (input: CheckInput) => callApi(accounts.validateRegistration, input);

export const useValidateRegistration = () => useMutation({ mutationFn: validateRegistration });
