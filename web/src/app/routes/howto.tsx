import { HowtoList } from '../../features/lookups/components/HowtoList';

export default function HowtoRoute() {
  return <HowtoList />;
}
