import { apiFetchBlob } from './api-client';

/**
 * Opens a document of the API (an invoice, a ticket, a client list) in a new tab. The tab is
 * opened at once (a popup opened after an await is blocked), then shown the fetched bytes: the
 * document needs the bearer token, which a plain link cannot carry.
 */
export async function openPdf(path: string, accept?: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await apiFetchBlob(path, accept ? { accept } : {});
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
