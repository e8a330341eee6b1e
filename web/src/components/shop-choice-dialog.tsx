import type { Shop } from '@app/common/contracts/shops';
import { Badge, Group, Modal, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './shop-choice-dialog.module.css';

type ShopChoiceDialogProps = {
  opened: boolean;
  shops: readonly Shop[];
  currentId?: number | null;
  /** After sign-in the choice is required: the dialog cannot be dismissed. */
  required?: boolean;
  onChoose: (shop: Shop) => void;
  onClose?: () => void;
  /** `change`: the director's change-shop action (worded for one shop as well as several). */
  mode?: 'signin' | 'change';
};

/** "Choose a shop" (seed 000 §2): after sign-in with several shops, and the director's change-shop. */
export function ShopChoiceDialog({
  opened,
  shops,
  currentId = null,
  required = false,
  onChoose,
  onClose,
  mode = 'signin',
}: ShopChoiceDialogProps) {
  const { t } = useTranslation();
  const change = mode === 'change';
  const description = !change
    ? t('shopChoice.description')
    : shops.length === 1
      ? t('shopChoice.onlyOne', { name: shops[0]!.nom })
      : t('shopChoice.changeDescription');
  return (
    <Modal
      opened={opened}
      onClose={() => onClose?.()}
      title={change ? t('shopChoice.changeTitle') : t('shopChoice.title')}
      size={520}
      withCloseButton={!required}
      closeOnClickOutside={!required}
      closeOnEscape={!required}
    >
      <Stack gap="sm" data-testid="shop-choice-dialog">
        <Text c="dimmed" fz="sm" data-testid="shop-choice-description">
          {description}
        </Text>
        {shops.map((shop) => (
          <UnstyledButton
            key={shop.idBoutique}
            className={classes.choice}
            data-current={shop.idBoutique === currentId || undefined}
            onClick={() => onChoose(shop)}
            aria-label={shop.nom}
            data-testid={`shop-choice-${shop.idBoutique}`}
          >
            <Group wrap="nowrap" gap="sm">
              <ThemeIcon size={40} radius="md" variant="light" color="brand">
                <IconBuildingStore size={22} />
              </ThemeIcon>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                {/* Long names wrap rather than lose their end: two shops may differ only there. */}
                <Group gap={6} wrap="wrap">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {shop.nom}
                  </Text>
                  {shop.idBoutique === currentId && (
                    <Badge size="xs" variant="light">
                      {t('shopChoice.current')}
                    </Badge>
                  )}
                </Group>
                <Text fz="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {shop.adresse}
                </Text>
              </Stack>
              <IconChevronRight size={18} color="var(--mantine-color-gray-5)" />
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
