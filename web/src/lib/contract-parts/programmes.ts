// A chunk of its own with the contract's invite and spin (contract-parts).
export { invite, spin } from '@krapao/contract';
