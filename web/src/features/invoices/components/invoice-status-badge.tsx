import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentStatus as InvoiceStatus } from '@app/common/contracts/invoices';

const COLORS: Record<InvoiceStatus, string> = { emise: 'teal', corrigee: 'orange', annulee: 'red' };

/**
 * An issued invoice's status (issue 21): issued, corrected by a credit note, or cancelled. In a
 * list only the exceptions show (`issued` false); a proforma, never issued, shows none.
 */
export function InvoiceStatusBadge({ status, issued = false }: { status: InvoiceStatus | null | undefined; issued?: boolean }) {
  const { t } = useTranslation('legal');
  if (!status || (status === 'emise' && !issued)) return null;
  return (
    <Badge
      variant="light"
      color={COLORS[status]}
      styles={{ label: { overflow: 'visible' } }}
      data-testid={`invoice-status-${status}`}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
