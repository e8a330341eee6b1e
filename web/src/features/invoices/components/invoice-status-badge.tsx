import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '../../../lib/legal-wire';

const COLORS: Record<InvoiceStatus, string> = { emise: 'teal', corrigee: 'orange', annulee: 'red' };

/** An issued invoice's status (issue 21): issued, corrected by a credit note, or cancelled. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus | undefined }) {
  const { t } = useTranslation('legal');
  if (!status) return null;
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
