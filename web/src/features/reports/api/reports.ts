import type {
  ConsolidatedReport,
  DashboardSummary,
  DepotEvaluation,
  ReportCharts,
  ReportRow,
  VatSummary,
} from '@app/common/contracts/reports';
import { apiFetch } from '../../../lib/api-client';

/** Dashboard counts are light reads, but the seed gives them 6 s. */
const COUNTS_TIMEOUT_MS = 6_000;

export function getDashboard(idBoutique: number, signal?: AbortSignal): Promise<DashboardSummary> {
  return apiFetch<DashboardSummary>(`/api/dashboard/${idBoutique}`, { signal, timeoutMs: COUNTS_TIMEOUT_MS });
}

export function getStockEvaluation(idBoutique: number, signal?: AbortSignal): Promise<DepotEvaluation[]> {
  return apiFetch<DepotEvaluation[]>(`/api/entrees/evaluation/depot/${idBoutique}`, { signal, heavy: true });
}

export function getReport(idBoutique: number, start: string, end: string, signal?: AbortSignal): Promise<ReportRow[]> {
  return apiFetch<ReportRow[]>(`/api/rapport/${idBoutique}/${start}/${end}`, { signal, heavy: true });
}

export function getReportCharts(idBoutique: number, start: string, end: string, signal?: AbortSignal): Promise<ReportCharts> {
  return apiFetch<ReportCharts>(`/api/rapport/graphiques/${idBoutique}/${start}/${end}`, { signal, heavy: true });
}

export function getConsolidated(start: string, end: string, signal?: AbortSignal): Promise<ConsolidatedReport> {
  return apiFetch<ConsolidatedReport>(`/api/rapport/consolide/${start}/${end}`, { signal, heavy: true });
}

export function getVat(idBoutique: number, start: string, end: string, signal?: AbortSignal): Promise<VatSummary> {
  return apiFetch<VatSummary>(`/api/rapport/tva/${idBoutique}/${start}/${end}`, { signal, heavy: true });
}
