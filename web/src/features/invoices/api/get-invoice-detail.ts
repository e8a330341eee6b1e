import type { Invoice } from '@app/common/contracts/invoices';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/factures/commande/detail/{id}: one invoice with what its issued document adds (issue
 * 21: totals without VAT and per rate, amount in words, status, verification, credit notes), which
 * the lists leave out.
 */
export function useInvoiceDetail(idFacture: number | null) {
  return useQuery({
    queryKey: queryKeys.invoices.detail(idFacture ?? 0),
    queryFn: ({ signal }) => apiFetch<Invoice>(`/api/factures/commande/detail/${idFacture}`, { signal }),
    enabled: idFacture !== null,
    staleTime: 0,
  });
}
