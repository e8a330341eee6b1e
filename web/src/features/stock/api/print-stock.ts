import { apiFetchResponse } from '../../../lib/api-client';

export type PrintProgress = { pages: number; done: number };

/** Page objects in a piece of PDF (pdfkit writes each page as it finishes it). */
const PAGE_MARK = /\/Type \/Page\b/g;

/**
 * A stock print (seed 001 §7 print PDFs), read as it streams so that the screen can show how many
 * pages are done (the server announces the count in `x-page-count`). Seed 001 §9 gives print PDFs
 * no practical time limit, so there is none here; the caller may cancel.
 */
export async function fetchStockPrint(path: string, onProgress: (progress: PrintProgress) => void, signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetchResponse(path, { signal, accept: 'application/pdf', timeoutMs: null });
  const pages = Number(response.headers.get('x-page-count') ?? 0);
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const decoder = new TextDecoder('latin1');
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let done = 0;
  let tail = '';
  onProgress({ pages, done });
  for (;;) {
    const { value, done: finished } = await reader.read();
    if (finished) break;
    chunks.push(value);
    // Keep the end of the previous piece: a mark may straddle two pieces.
    const text = tail + decoder.decode(value, { stream: true });
    done += (text.match(PAGE_MARK) ?? []).length;
    tail = text.slice(-16).replace(/^.*\/Type \/Page/s, '');
    onProgress({ pages, done: Math.min(done, pages || done) });
  }
  return new Blob(chunks, { type: 'application/pdf' });
}
