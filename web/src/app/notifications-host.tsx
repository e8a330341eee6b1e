import { notificationsStore, useNotifications } from '@mantine/notifications';
import { Suspense, useEffect, useState } from 'react';
import { lazyNamed, retryingImport } from '../lib/lazy-named';

export const NOTIFICATIONS_POSITION = 'top-center';
export const NOTIFICATIONS_LIMIT = 4;

// Snackbars shown before the container has loaded wait in Mantine's store, placed as it will show them.
notificationsStore.updateState((state) => ({ ...state, limit: NOTIFICATIONS_LIMIT, defaultPosition: NOTIFICATIONS_POSITION }));

// The container brings its transitions and scroll handling (about 15 KB brotli): kept off the first
// screen of a first visit (issue 20, Speed). Its CSS is in the entry's (first-screen-styles.ts).
const NotificationsContainer = lazyNamed(
  retryingImport(() => import('./notifications-container')),
  'NotificationsContainer',
  {
    firstScreen: true,
  },
);

/**
 * Mounts the snackbar container once the page has loaded and is idle, or at once when a snackbar
 * is asked for before that (the store keeps it until the container shows it).
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      timer = setTimeout(() => setIdle(true), 1000);
    };
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      clearTimeout(timer);
    };
  }, []);
  if (!idle && notifications.length === 0 && queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  );
}
