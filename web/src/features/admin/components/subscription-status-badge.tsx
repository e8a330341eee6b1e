import type { SubscriptionStatus } from '@app/common/contracts/admin';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<SubscriptionStatus, string> = { pending: 'ochre', active: 'brand', expired: 'red' };

export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  const { t } = useTranslation('admin');
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      component="span"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="status-chip"
    >
      {t(`subscriptions.statuses.${status}`)}
    </Badge>
  );
}
