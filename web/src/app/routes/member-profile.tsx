import { ProfileView } from '../../features/accounts/components/profile/ProfileView';
import { useBanks } from '../../features/lookups/api/lookups';

export default function MemberProfileRoute() {
  const banks = useBanks();
  return <ProfileView banks={banks.data ?? []} />;
}
