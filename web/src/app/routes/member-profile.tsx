import { Stack } from '@mantine/core';
import { ProfileView } from '../../features/accounts/components/profile/ProfileView';
import { SignInHistory } from '../../features/accounts/components/profile/SignInHistory';
import { useBanks } from '../../features/lookups/api/lookups';
import { ProtectionLink } from '../../features/protection/components/ProtectionLink';
import { usePinStatus } from '../../features/withdrawals/api/pin';
import { WithdrawalPinCard } from '../../features/withdrawals/components/WithdrawalPinCard';

export default function MemberProfileRoute() {
  const banks = useBanks();
  const pin = usePinStatus();
  return (
    <Stack gap="md">
      {/* A change of the payout account asks for the withdrawal PIN of a member who has one. */}
      <ProfileView banks={banks.data ?? []} pinSet={pin.data?.set ?? false} />
      <WithdrawalPinCard />
      <ProtectionLink />
      <SignInHistory />
    </Stack>
  );
}
