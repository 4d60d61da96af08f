// A chunk of its own with the contract's invite, spin and protection (contract-parts): the home asks
// whether offers are paused (a time-out or self-exclusion) before it shows them.
export { invite, protection, spin } from '@krapao/contract';
