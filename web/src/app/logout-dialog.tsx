import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceDb } from '../features/till/offline/device-db';
import { waitingOfUser } from '../features/till/offline/sale-queue';

/**
 * Logout asks for confirmation first (seed 000 §2). Sales made offline that still wait on this
 * device are said (DECISIONS §13): they stay, and are sent after the user's next sign-in.
 */
export function LogoutDialog({
  opened,
  onClose,
  onConfirm,
  userId,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  userId: number;
}) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    if (!opened) return;
    let current = true;
    waitingOfUser(deviceDb(), userId).then(
      (entries) => current && setWaiting(entries.length),
      () => current && setWaiting(0),
    );
    return () => {
      current = false;
    };
  }, [opened, userId]);
  return (
    <Modal opened={opened} onClose={onClose} title={t('drawer.logout')} size={500}>
      <Text data-testid="logout-dialog">{t('drawer.logoutConfirm')}</Text>
      {waiting > 0 && (
        <Alert color="orange" variant="light" icon={<IconCloudUpload />} mt="md" data-testid="logout-waiting">
          {t('drawer.logoutWaiting', { count: waiting })}
        </Alert>
      )}
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
