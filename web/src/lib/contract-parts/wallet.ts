// A chunk of its own with the contract's wallet, rewards and realtime (contract-parts).
export { moneyEventSchema, rewards, wallet } from '@krapao/contract';
