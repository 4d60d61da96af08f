import { BonusView } from '../../features/bonuses/components/BonusView';
import { useMoneyMoved } from '../money';

/** BON-1 to BON-5: bonuses and promotion codes; a claim or a cancel moves money, so balances are asked again. */
export default function MemberBonusRoute() {
  return <BonusView onMoneyMoved={useMoneyMoved()} />;
}
