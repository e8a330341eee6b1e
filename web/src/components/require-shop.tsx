import type { Shop } from '@app/common/contracts/shops';
import { Alert } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentShop } from '../lib/use-current-shop';

/**
 * A screen of the current shop: says so when no shop is chosen yet, and starts afresh when the
 * shop changes (keyed by it), so that nothing of another shop's screen survives the change.
 */
export function RequireShop({ children }: { children: (shop: Shop) => ReactNode }) {
  const { t } = useTranslation();
  const shop = useCurrentShop();
  if (!shop) {
    return (
      <Alert color="ochre" variant="light" icon={<IconBuildingStore />} data-testid="no-shop">
        {t('shopScope.noShop')}
      </Alert>
    );
  }
  return <Fragment key={shop.idBoutique}>{children(shop)}</Fragment>;
}
