import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toast container (ERR-1), loaded with the first toast (providers.tsx). */
export default function Toasts() {
  return <Notifications position="top-center" limit={3} autoClose={4000} />;
}
