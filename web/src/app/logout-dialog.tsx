import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Logout asks for confirmation first (seed 000 §2). */
export function LogoutDialog({ opened, onClose, onConfirm }: { opened: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('drawer.logout')} size={500}>
      <Text data-testid="logout-dialog">{t('drawer.logoutConfirm')}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('actions.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} data-testid="confirm-logout">
          {t('drawer.logout')}
        </Button>
      </Group>
    </Modal>
  );
}
