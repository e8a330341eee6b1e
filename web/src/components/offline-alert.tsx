import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * A write that got no answer (offline, or the seeds' timeout ran out): said in the dialog,
 * which stays open so that the same action can be tried again (with the same idempotency key).
 */
export function OfflineAlert({ kept = true }: { /** The form's values are still there. */ kept?: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconWifiOff />}
      title={t('offline.title')}
      role="alert"
      data-testid="dialog-offline"
    >
      {kept ? t('offline.textKept') : t('offline.text')}
    </Alert>
  );
}
