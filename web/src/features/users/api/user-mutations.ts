import type { CreateUserInput, SetPasswordBody, ShopUser, UpdateUserInput } from '@app/common/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { refreshSessionUser } from '../../../lib/me';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';
import { getSession } from '../../../lib/session';

/** The seed's payload also carries an empty token and langue 'FR' (seed 000 §7). */
const LEGACY_FIELDS = { token: '', langue: 'FR' } as const;

export function createUser(body: CreateUserInput, idempotencyKey: string): Promise<ShopUser> {
  return apiFetch<ShopUser>('/api/users_gerant', { method: 'POST', body: { ...body, ...LEGACY_FIELDS }, idempotencyKey });
}

export function updateUser(idUser: number, body: UpdateUserInput, idempotencyKey: string): Promise<ShopUser> {
  return apiFetch<ShopUser>(`/api/users/gerant/${idUser}`, {
    method: 'PUT',
    body: { ...body, ...LEGACY_FIELDS },
    idempotencyKey,
  });
}

export function setUserPassword(idUser: number, body: SetPasswordBody, idempotencyKey: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/update/pass/${idUser}`, { method: 'PUT', body, idempotencyKey });
}

export function removeUserFromShop(idBoutique: number, idUser: number, idempotencyKey: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/users/boutique/${idBoutique}/${idUser}`, { method: 'DELETE', idempotencyKey });
}

/** The depot-user screen shows usernames, and leaving a shop ends its depot assignments: its lists are stale too. */
function useAfterChange() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.shopUsers.all, queryKeys.depotUsers.all);
}

export type SaveUserInput =
  | { idUser: null; body: CreateUserInput; idempotencyKey: string }
  | { idUser: number; body: UpdateUserInput; idempotencyKey: string };

export function useSaveUser() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (input: SaveUserInput) =>
      input.idUser === null
        ? createUser(input.body, input.idempotencyKey)
        : updateUser(input.idUser, input.body, input.idempotencyKey),
    onSuccess: (_user: ShopUser, input: SaveUserInput) => {
      afterChange();
      // A director who edits their own roles or shops: the menus and the shop chooser follow.
      if (input.idUser !== null && input.idUser === getSession()?.user.idUser) refreshSessionUser().catch(() => undefined);
    },
  });
}

export function useSetUserPassword() {
  return useMutation({
    mutationFn: ({ idUser, body, idempotencyKey }: { idUser: number; body: SetPasswordBody; idempotencyKey: string }) =>
      setUserPassword(idUser, body, idempotencyKey),
  });
}

export function useRemoveUserFromShop() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ idBoutique, idUser, idempotencyKey }: { idBoutique: number; idUser: number; idempotencyKey: string }) =>
      removeUserFromShop(idBoutique, idUser, idempotencyKey),
    onSuccess: afterChange,
  });
}

/** DELETE /api/users/{idUser}: the user's account ends (sessions too) and the plan seat frees. */
export function deleteUser(idUser: number, idempotencyKey: string): Promise<unknown> {
  return apiFetch<unknown>(`/api/users/${idUser}`, { method: 'DELETE', idempotencyKey });
}

export function useDeleteUser() {
  const afterChange = useAfterChange();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idUser, idempotencyKey }: { idUser: number; idempotencyKey: string }) => deleteUser(idUser, idempotencyKey),
    onSuccess: () => {
      afterChange();
      invalidate(queryKeys.planUsage);
    },
  });
}
