import type { Bonus, RewardRule } from '@krapao/contract';

export { pickText as pick } from '../../lib/localized-text';

/** BON-2: the notice with %percentFail% filled in (the operator writes "%percentFail%%" for "10%"). */
export const fillNotice = (notice: string, percentFail: number): string =>
  notice.replaceAll('%percentFail%', String(percentFail));

/** Whether the rule needs a deposit (percent, or a fixed sum with a minimum). */
export const needsDeposit = (rule: RewardRule, minDeposit: number) =>
  rule.kind === 'percent' || minDeposit > 0;

/** A card can be received now: not current, not received up to its limit. */
export const isOpen = (b: Bonus) => b.state === 'available';
