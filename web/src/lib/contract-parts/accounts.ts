// A chunk of its own with the contract's money, common, otp, accounts and agreements (contract-parts).
export { accounts, agreements, otp } from '@krapao/contract';
