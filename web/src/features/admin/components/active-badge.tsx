import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The seed's active yes/no chip (1 means yes). */
export function ActiveBadge({ active }: { active: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={active === 1 ? 'brand' : 'gray'} variant="light" data-testid="active-chip">
      {active === 1 ? t('actions.yes') : t('actions.no')}
    </Badge>
  );
}
