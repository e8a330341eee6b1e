import { Notifications } from '@mantine/notifications';
import { NOTIFICATIONS_LIMIT, NOTIFICATIONS_POSITION } from './notifications-host';

/** Mantine's snackbar container (with its transitions), loaded apart from the entry. */
export function NotificationsContainer() {
  return <Notifications position={NOTIFICATIONS_POSITION} zIndex={1000} limit={NOTIFICATIONS_LIMIT} />;
}
