import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isRetryable } from '../lib/api-error';
import { notifyError, notifySuccess } from '../lib/notify';
import { createRetryKey } from '../lib/retry-key';

type ConfirmDeleteDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The name of what is deleted, shown under the warning. */
  itemName?: string;
  onConfirm: (idempotencyKey: string) => Promise<unknown>;
  successMessage: string;
  failureMessage: string;
  /** Wording of a delete-like action (e.g. "remove from shop"); the seed's delete wording otherwise. */
  title?: string;
  message?: string;
  confirmLabel?: string;
};

/**
 * Two-step delete (seed 000 §4): the seed's warning and a confirmation first, then the call,
 * then a snackbar. A call that got no answer leaves the dialog open to retry with the same key.
 */
export function ConfirmDeleteDialog({
  opened,
  onClose,
  itemName,
  onConfirm,
  successMessage,
  failureMessage,
  title,
  message,
  confirmLabel,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  const [retry] = useState(createRetryKey);

  useEffect(() => {
    if (opened) retry.reset();
  }, [opened, retry]);

  const confirm = async () => {
    setDeleting(true);
    try {
      await onConfirm(retry.keyFor('delete'));
      retry.settle(false);
      notifySuccess(successMessage);
      onClose();
    } catch (error) {
      const retryable = isRetryable(error);
      retry.settle(retryable);
      notifyError(error instanceof ApiError && error.code !== 'INTERNAL' ? error.message : failureMessage);
      if (!retryable) onClose();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => !deleting && onClose()} title={title ?? t('delete.title')} size={500}>
      <Stack gap="md" data-testid="confirm-delete-dialog">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={42} radius="xl" color="red" variant="light" style={{ flexShrink: 0 }}>
            <IconAlertTriangle size={22} />
          </ThemeIcon>
          <Stack gap={6}>
            <Text>{message ?? t('delete.warning')}</Text>
            {itemName && <Text fw={700}>{itemName}</Text>}
          </Stack>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={deleting}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleting} data-testid="confirm-delete">
            {confirmLabel ?? t('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
