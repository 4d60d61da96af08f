import { ContactPanel } from '../../features/lookups/components/ContactPanel';

export default function ContactRoute() {
  return <ContactPanel />;
}
