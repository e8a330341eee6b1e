import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The seed's active yes/no chip (1 means yes). `minWidth: max-content`: a Badge's label may shrink
 * to an ellipsis, which narrow table columns would otherwise do.
 */
export function ActiveBadge({ active }: { active: number }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={active === 1 ? 'brand' : 'gray'}
      variant="light"
      component="span"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="active-chip"
    >
      {active === 1 ? t('actions.yes') : t('actions.no')}
    </Badge>
  );
}
