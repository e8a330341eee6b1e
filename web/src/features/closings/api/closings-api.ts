import type { CashRegister } from '@app/common/contracts/cash-registers';
import type { Closing, ClosingBody } from '@app/common/contracts/closings';
import type { Page } from '@app/common/contracts/paging';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

/** The shop's live registers (the closing is per register and day). */
export function getRegisters(b: number, signal?: AbortSignal) {
  return apiFetch<CashRegister[]>(`/api/caisses_boutique/${b}`, { signal });
}

/** The register's day: the figures before closing, or the stored closing once closed. */
export function getClosingPreview(idCaisse: number, date: string, signal?: AbortSignal) {
  return apiFetch<Closing>(`/api/clotures/apercu/${idCaisse}/${date}`, { signal });
}

/** Directors: every closing of the shop; cashiers: the ones they made (the server decides). */
export function getClosingsPage(b: number, page: number, signal?: AbortSignal) {
  return apiFetch<Page<Closing>>(`/api/clotures/page/${b}/${page}`, { signal });
}

export const closingPdfPath = (idCloture: number, format: 'a4' | 'ticket') =>
  `/api/clotures/imprimer/${idCloture}${format === 'ticket' ? '?format=ticket' : ''}`;
export const closingCsvPath = (idCloture: number) => `/api/clotures/csv/${idCloture}`;

export function useCloseDay() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ClosingBody; idempotencyKey: string }) =>
      apiFetch<Closing>('/api/clotures', { method: 'POST', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.closings.all, queryKeys.cashDesk.all),
  });
}
