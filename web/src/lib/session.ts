import { useSyncExternalStore } from 'react';
import type { SessionUser, SigninResponse } from '@app/common/contracts/auth';

/** Browser storage of seed 000 §3; the key names are kept from the old client. */
export const STORAGE_KEYS = { user: 'user', conUser: 'conUser', shop: 'boutiqueId' } as const;

export type Session = { token: string; user: SessionUser; shopId: number | null };
export type LogoutReason = 'logout' | 'inactivity' | 'expired';

type Listener = () => void;

const listeners = new Set<Listener>();
let current: Session | null = read();
let lastLogoutReason: LogoutReason | null = null;

function parse(value: string | null): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** A light shape check (zod stays out of the first screen's bundle). */
function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.idUser === 'number' &&
    typeof user.username === 'string' &&
    Array.isArray(user.role) &&
    Array.isArray(user.boutiques)
  );
}

function read(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  const user = parse(localStorage.getItem(STORAGE_KEYS.user));
  const conUser = parse(localStorage.getItem(STORAGE_KEYS.conUser)) as { accessToken?: unknown } | null;
  const shop = parse(localStorage.getItem(STORAGE_KEYS.shop)) as { idBoutique?: unknown } | null;
  if (!isSessionUser(user) || !conUser || typeof conUser.accessToken !== 'string') return null;
  return { token: conUser.accessToken, user, shopId: typeof shop?.idBoutique === 'number' ? shop.idBoutique : null };
}

function emit(): void {
  for (const listener of listeners) listener();
}

function refresh(): void {
  current = read();
  emit();
}

// Another tab signed in, changed shop or logged out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) refresh();
  });
}

export function getSession(): Session | null {
  return current;
}

export function getToken(): string | null {
  return current?.token ?? null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** Sign-in success: the token and the user are stored (seed 000 §4); the shop is chosen next. */
export function saveSignin(response: SigninResponse): void {
  localStorage.setItem(
    STORAGE_KEYS.conUser,
    JSON.stringify({ accessToken: response.accessToken, tokenType: response.tokenType, idUser: response.user.idUser }),
  );
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(response.user));
  localStorage.removeItem(STORAGE_KEYS.shop);
  lastLogoutReason = null;
  refresh();
}

/** A fresher copy of the user (GET /api/auth/me, profile update). */
export function setSessionUser(user: SessionUser): void {
  if (!current) return;
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  refresh();
}

export function setCurrentShop(idBoutique: number | null): void {
  if (idBoutique === null) localStorage.removeItem(STORAGE_KEYS.shop);
  else localStorage.setItem(STORAGE_KEYS.shop, JSON.stringify({ idBoutique }));
  refresh();
}

/** Logout, expiry or inactivity clear the token, the user and the selected shop (seed 000 §4). */
export function clearSession(reason: LogoutReason): void {
  lastLogoutReason = reason;
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  refresh();
}

/** Why the last session ended, so the login screen can say it. */
export function getLogoutReason(): LogoutReason | null {
  return lastLogoutReason;
}

/** Role ids in the shape `can` and `screensFor` take. */
export function roleIds(user: SessionUser | null | undefined): number[] {
  return user ? user.role.map((role) => role.idRole) : [];
}
