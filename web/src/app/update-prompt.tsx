import { Suspense, useEffect, useState } from 'react';
import { lazyNamed, retryingImport } from '../lib/lazy-named';

// The notice and the service worker's registration (workbox-window) load when it is time to
// register, apart from the entry (issue 20, Speed); precached for the till offline (vite.config.ts).
const UpdateNotice = lazyNamed(
  retryingImport(() => import('./update-notice')),
  'UpdateNotice',
  { firstScreen: true },
);

/**
 * The service worker is registered this long after the page has loaded: its precache (the till and
 * the catalogues) then does not share a slow link with the first screen's own files.
 */
const REGISTER_AFTER_MS = 3_000;

/** Registers the service worker once the first screen had the link to itself (see update-notice.tsx). */
export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      timer = setTimeout(() => setReady(true), REGISTER_AFTER_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('load', start);
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <UpdateNotice />
    </Suspense>
  ) : null;
}
