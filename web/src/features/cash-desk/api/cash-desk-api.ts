import type { CashRegister, CashRegisterBody } from '@app/common/contracts/cash-registers';
import type { BestClient, Delivery } from '@app/common/contracts/deliveries';
import type { Invoice } from '@app/common/contracts/invoices';
import type { Page } from '@app/common/contracts/paging';
import type { Payment, PaymentBody } from '@app/common/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import { apiFetch, HEAVY_TIMEOUT_MS } from '../../../lib/api-client';
import { apiFetchBlob } from '../../../lib/api-client';
import { queryKeys, useInvalidate } from '../../../lib/query-keys';

function paged(base: string, searchBase: string, page: number, term: string) {
  return term ? `${searchBase}/${page}/${encodeURIComponent(term)}` : `${base}/${page}`;
}

/** The cash desk's invoices (seed 001 §7): unsettled (nom/solde), settled (solde). */
export function getUnsettledPage(b: number, page: number, term: string, signal?: AbortSignal) {
  return apiFetch<Page<Invoice>>(
    paged(`/api/factures/boutique/nom/solde/page/${b}`, `/api/facture/boutique/nom/solde/search/page/${b}`, page, term),
    { signal },
  );
}
export function getSettledPage(b: number, page: number, term: string, signal?: AbortSignal) {
  return apiFetch<Page<Invoice>>(
    paged(`/api/factures/boutique/solde/page/${b}`, `/api/facture/boutique/solde/search/page/${b}`, page, term),
    { signal },
  );
}
export function getToDeliverPage(b: number, page: number, term: string, signal?: AbortSignal) {
  return apiFetch<Page<Invoice>>(paged(`/api/facture/livre/page/${b}`, `/api/facture/livre/search/page/${b}`, page, term), {
    signal,
  });
}
/** Directors: every payment of the shop; others: their own (the server decides). */
export function getPaymentsPage(b: number, page: number, term: string, signal?: AbortSignal) {
  const base = `/api/paiement/page/${b}/${page}`;
  return apiFetch<Page<Payment>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}
export function getDeliveriesPage(b: number, director: boolean, page: number, term: string, signal?: AbortSignal) {
  const base = `${director ? '/api/livraison/directeur/page' : '/api/livraison/page'}/${b}/${page}`;
  return apiFetch<Page<Delivery>>(term ? `${base}/${encodeURIComponent(term)}` : base, { signal });
}
export function getInvoicePayments(idFacture: number, signal?: AbortSignal) {
  return apiFetch<Payment[]>(`/api/paiements_facture/${idFacture}`, { signal });
}
export function getCashRegisters(b: number, signal?: AbortSignal) {
  return apiFetch<CashRegister[]>(`/api/caisses_boutique/${b}`, { signal });
}
export function getBestClients(b: number, signal?: AbortSignal) {
  return apiFetch<BestClient[]>(`/api/commandes_client_year/${b}`, { signal, timeoutMs: HEAVY_TIMEOUT_MS });
}
/** The pre-check (DECISIONS §6): resolves true, or rejects with the server's reason. */
export function checkInvoice(idFacture: number, pour: 'paiement' | 'livraison') {
  return apiFetch<true>(`/api/check/commande/${idFacture}?pour=${pour}`);
}

/** Opens a document (`file` reference) in a new tab, fetched with the session's token. */
export type DocumentFormat = 'a4' | 'ticket';

export async function openDocument(file: string, format: DocumentFormat = 'a4'): Promise<void> {
  const tab = window.open('', '_blank');
  const blob = await apiFetchBlob(`/api/downloadFile/${encodeURIComponent(file)}${format === 'ticket' ? '?format=ticket' : ''}`);
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.location.assign(url);
}

function useAfterPayment() {
  const invalidate = useInvalidate();
  return () => invalidate(queryKeys.cashDesk.all, ['invoices'], ['clients'], ['reports'], queryKeys.closings.all);
}

export function usePay() {
  const after = useAfterPayment();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PaymentBody; idempotencyKey: string }) =>
      apiFetch<Payment>('/api/paiements/livre', { method: 'POST', body, idempotencyKey }),
    onSuccess: after,
  });
}

export function useDeliver() {
  const after = useAfterPayment();
  return useMutation({
    mutationFn: ({ facture, chauffeure, idempotencyKey }: { facture: number; chauffeure: number; idempotencyKey: string }) =>
      apiFetch<Delivery>('/api/livraisons_liv', { method: 'POST', body: { facture, chauffeure }, idempotencyKey }),
    onSuccess: after,
  });
}

export function useCancelDelivery() {
  const after = useAfterPayment();
  return useMutation({
    mutationFn: ({ idLivraison, idempotencyKey }: { idLivraison: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/livraisons/annulation/${idLivraison}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: after,
  });
}

export function useSaveCashRegister() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      idCaisse,
      body,
      idempotencyKey,
    }: {
      idCaisse: number | null;
      body: CashRegisterBody;
      idempotencyKey: string;
    }) =>
      idCaisse === null
        ? apiFetch<CashRegister>('/api/caisses', { method: 'POST', body, idempotencyKey })
        : apiFetch<CashRegister>(`/api/caisses/${idCaisse}`, { method: 'PUT', body, idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.cashDesk.registersAll),
  });
}

export function useDeleteCashRegister() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ idCaisse, idempotencyKey }: { idCaisse: number; idempotencyKey: string }) =>
      apiFetch<unknown>(`/api/caisses/${idCaisse}`, { method: 'DELETE', idempotencyKey }),
    onSuccess: () => invalidate(queryKeys.cashDesk.registersAll),
  });
}
