import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '../../../lib/legal-wire';

const COLORS: Record<Exclude<InvoiceStatus, 'emise'>, string> = { corrigee: 'orange', annulee: 'red' };

/**
 * An issued invoice's status (issue 21) when it is not the rule: corrected by a credit note, or
 * cancelled. An invoice as issued (or a proforma, never issued) shows none.
 */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus | null | undefined }) {
  const { t } = useTranslation('legal');
  if (!status || status === 'emise') return null;
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
