import { openPdf } from './open-pdf';

/** GET /api/avoirs/{id}, asked for its PDF (the route answers JSON or PDF by `Accept`), in a new tab. */
export function openCreditNotePdf(idAvoir: number): Promise<void> {
  return openPdf(`/api/avoirs/${idAvoir}`, 'application/pdf');
}
