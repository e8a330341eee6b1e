import { IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { notifyError } from '../../../lib/notify';
import { openDocument, type DocumentFormat } from '../api/cash-desk-api';

/**
 * The invoice's documents from a cash-desk list row: the A4 PDF and the 80 mm ticket (with the
 * payments, the reference and the change), side by side in every list where an invoice is paid or found.
 */
export function useDocumentActions<T>(fileOf: (row: T) => string) {
  const { t } = useTranslation('cash-desk');
  const open = (row: T, format: DocumentFormat) =>
    void openDocument(fileOf(row), format).catch((error: unknown) => notifyError(error instanceof ApiError ? error.message : t('actions.pdfError')));
  return [
    { key: 'pdf', label: t('actions.pdf'), icon: <IconFileTypePdf size={18} />, onClick: (row: T) => open(row, 'a4') },
    { key: 'ticket', label: t('actions.ticket'), icon: <IconReceipt size={18} />, onClick: (row: T) => open(row, 'ticket') },
  ];
}
