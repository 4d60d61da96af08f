import './home-cards.css';
import { useState } from 'react';
import { lazyWithLaterTexts, useTranslation } from '../i18n/react';
import { WhenFirstOpened } from '../components/WhenFirstOpened';
import { InviteBonusCard } from '../features/invite/components/InviteBonusCard';
import { useBlockInForce } from '../features/protection/api/protection';
import { OffersPaused } from '../features/protection/components/OffersPaused';
import { SpinCoinButton } from '../features/spin/components/SpinCoinButton';
import { useWallet } from '../features/wallet/api/get-wallet';
import { WalletCard } from '../features/wallet/components/WalletCard';
import { useMoneyMoved } from './money';

// INV-1: the invite modal loads when first opened from the card.
const InviteModal = lazyWithLaterTexts(
  () => import('../features/invite/components/InviteModal'),
  'InviteModal',
);

type Shown = 'cash' | 'bonus';

/**
 * HOME-1: the wallet card and the invite bonus card. On a phone a switch shows one at a time (the cash
 * card first); on a wider screen they stand side by side and the switch is hidden (home-cards.css).
 */
export function HomeCards() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const moneyMoved = useMoneyMoved();
  const [shown, setShown] = useState<Shown>('cash');
  const [inviteOpen, setInviteOpen] = useState(false);
  const block = useBlockInForce();
  // Marketing stops during a time-out or self-exclusion: the cash card alone, and why the offers are gone.
  if (block)
    return (
      <div className="home-cards">
        <WalletCard />
        <OffersPaused block={block} />
      </div>
    );
  const options: Array<[Shown, string]> = [
    ['cash', t('invite.showCash')],
    ['bonus', t('invite.showBonus')],
  ];
  return (
    <div className="home-cards" data-shown={shown}>
      <div role="radiogroup" aria-label={t('invite.show')} className="home-cards__switch">
        {options.map(([value, label]) => (
          <label key={value} className="home-cards__option" data-active={value === shown || undefined}>
            <input
              className="home-cards__input"
              type="radio"
              name="home-card"
              value={value}
              checked={value === shown}
              onChange={() => setShown(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      <div className="home-cards__grid">
        <div className="home-cards__cash">
          {/* HOME-1: the spin-coin button, only while the wheel is active. */}
          <WalletCard actions={<SpinCoinButton coins={wallet.data?.profile.coin} />} />
        </div>
        <div className="home-cards__bonus">
          <InviteBonusCard
            summary={wallet.data?.invite}
            currency={wallet.data?.wallet.currency}
            onCollected={moneyMoved}
            onOpenInvite={() => setInviteOpen(true)}
          />
        </div>
      </div>
      <WhenFirstOpened opened={inviteOpen}>
        <InviteModal
          opened={inviteOpen}
          onClose={() => setInviteOpen(false)}
          memberId={wallet.data?.profile._id}
          summary={wallet.data?.invite}
          currency={wallet.data?.wallet.currency}
          onCollected={moneyMoved}
        />
      </WhenFirstOpened>
    </div>
  );
}
