import { apiFetchBlob } from './api-client';
import { currentLanguage } from './i18n';

/**
 * Opens a document of the API (`/api/downloadFile/{file}`: a receipt, an invoice) in a new tab
 * (seed 001 §2). The tab is opened at once, inside the click, so that the browser does not take
 * it for a pop-up; the PDF, fetched with the bearer token, is then shown in it. Resolves once
 * shown; rejects with the API's error (the tab is closed) or 'POPUP_BLOCKED'.
 */
export async function openDocument(file: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (!tab) throw new Error('POPUP_BLOCKED');
  try {
    const blob = await apiFetchBlob(`/api/downloadFile/${encodeURIComponent(file)}?lang=${currentLanguage()}`);
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    // The tab holds the document once loaded; the URL can go after a while.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab.close();
    throw error;
  }
}
