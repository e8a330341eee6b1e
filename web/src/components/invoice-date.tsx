import type { Invoice } from '@app/common/contracts/invoices';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormatDate } from '../lib/dates';

/**
 * An invoice's date in a list. A sale made offline on a day its register had closed meanwhile is
 * counted on the next open day (DECISIONS §13), at that day's first instant: the list shows when
 * it was sold, and under it the day it counts on, rather than a midnight that has not come yet.
 */
export function InvoiceDate({
  invoice,
  formatDate,
}: {
  invoice: Pick<Invoice, 'createdAt' | 'enRetard' | 'vendueLe'>;
  formatDate: FormatDate;
}) {
  const { t } = useTranslation();
  if (!invoice.enRetard || !invoice.vendueLe) return <>{formatDate(invoice.createdAt, 'dateTime')}</>;
  return (
    <Stack gap={2} align="flex-start">
      <Text fz="sm">{formatDate(invoice.vendueLe, 'dateTime')}</Text>
      <Text fz="xs" fw={600} c="orange.8" data-testid="invoice-late">
        {t('lateSale.countedOn', { date: formatDate(invoice.createdAt, 'date') })}
      </Text>
    </Stack>
  );
}
