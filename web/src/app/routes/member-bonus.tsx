import { BonusView } from '../../features/bonuses/components/BonusView';
import { useBlockInForce } from '../../features/protection/api/protection';
import { OffersPaused } from '../../features/protection/components/OffersPaused';
import { useMoneyMoved } from '../money';

/**
 * BON-1 to BON-5: bonuses and promotion codes; a claim or a cancel moves money, so balances are asked
 * again. During a time-out or self-exclusion no offer is shown (an active bonus still is: it holds money).
 */
export default function MemberBonusRoute() {
  const block = useBlockInForce();
  return <BonusView onMoneyMoved={useMoneyMoved()} paused={block ? <OffersPaused block={block} /> : null} />;
}
