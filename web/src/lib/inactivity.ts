import { INACTIVITY_LOGOUT_MS } from '@app/common/constants';

/** Tests shorten the 1-hour inactivity logout with `localStorage.setItem('inactivityMs', '3000')`. */
export const INACTIVITY_OVERRIDE_KEY = 'inactivityMs';
/** Last activity of any tab, so that a tab left idle does not log out a user busy in another. */
export const LAST_ACTIVITY_KEY = 'lastActivity';

const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'wheel',
  'touchstart',
  'touchmove',
  'scroll',
  'pointerdown',
] as const;
const SHARE_EVERY_MS = 5_000;

export function readInactivityMs(storage: Pick<Storage, 'getItem'> | undefined): number {
  const raw = storage?.getItem(INACTIVITY_OVERRIDE_KEY);
  if (!raw) return INACTIVITY_LOGOUT_MS;
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : INACTIVITY_LOGOUT_MS;
}

/** Milliseconds left before the idle logout; 0 or less means now. */
export function idleRemaining(lastActivity: number, now: number, timeoutMs: number): number {
  return lastActivity + timeoutMs - now;
}

/**
 * Calls `onIdle` once after `timeoutMs` without mouse, key, scroll or touch activity (seed 000
 * §4). Time is measured from timestamps, not from one long timer, so a phone that slept with
 * the tab in the background logs out as soon as it wakes. Returns a function that stops it.
 */
export function watchInactivity(timeoutMs: number, onIdle: () => void): () => void {
  let lastActivity = Date.now();
  let lastShared = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const sharedActivity = () => Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;

  const check = () => {
    if (stopped) return;
    const remaining = idleRemaining(Math.max(lastActivity, sharedActivity()), Date.now(), timeoutMs);
    if (remaining <= 0) {
      stop();
      onIdle();
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(check, remaining);
  };

  const onActivity = () => {
    lastActivity = Date.now();
    if (lastActivity - lastShared >= SHARE_EVERY_MS) {
      lastShared = lastActivity;
      localStorage.setItem(LAST_ACTIVITY_KEY, String(lastActivity));
    }
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity, { capture: true });
    document.removeEventListener('visibilitychange', onVisible);
  };

  for (const name of ACTIVITY_EVENTS) document.addEventListener(name, onActivity, { capture: true, passive: true });
  document.addEventListener('visibilitychange', onVisible);
  localStorage.setItem(LAST_ACTIVITY_KEY, String(lastActivity));
  timer = setTimeout(check, timeoutMs);
  return stop;
}
