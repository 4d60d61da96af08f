// Reached only through loadContract(), so these schemas land in their own chunk.
export { accounts, lookups, otp } from '@krapao/contract';
export { howtoLookup } from '@krapao/contract';
