import { LimitsView } from '../../features/protection/components/LimitsView';

/** /user/limits: player protection (limits, reality check, time-out, self-exclusion). */
export default function MemberLimitsRoute() {
  return <LimitsView />;
}
