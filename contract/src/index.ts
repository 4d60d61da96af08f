export * from './errors.ts';
export * from './constants.ts';
export * from './common.ts';
export * as accounts from './accounts.ts';
export {
  profileSchema,
  registrationSchema,
  type Profile,
  type Registration,
  type RegistrationCheck,
  type RegistrationInput,
} from './accounts.ts';
export * as otp from './otp.ts';
export * from './lookups.ts';
