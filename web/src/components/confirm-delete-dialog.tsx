import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isRetryable } from '../lib/api-error';
import { notifyError, notifySuccess } from '../lib/notify';
import { createRetryKey } from '../lib/retry-key';
import { useIsTopDialog } from './dialog-stack';
import { OfflineAlert } from './offline-alert';

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
 * then a snackbar. A call that got no answer says so and leaves the dialog open to retry with
 * the same key; it can be cancelled while it waits.
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
  const [offline, setOffline] = useState(false);
  const [retry] = useState(createRetryKey);
  // Bumped by a cancel: a late answer of the abandoned attempt shows no error.
  const attempt = useRef(0);
  const isTop = useIsTopDialog(opened);

  useEffect(() => {
    // Each opening is about another record: a new key (the fingerprint cannot tell them apart).
    if (opened) retry.reset();
  }, [opened, retry]);

  const confirm = async () => {
    const thisAttempt = ++attempt.current;
    setDeleting(true);
    setOffline(false);
    try {
      await onConfirm(retry.keyFor('delete'));
      retry.settle(false);
      notifySuccess(successMessage);
      if (thisAttempt === attempt.current) onClose();
    } catch (error) {
      const retryable = isRetryable(error);
      retry.settle(retryable);
      if (thisAttempt !== attempt.current) return;
      if (error instanceof ApiError && error.code === 'NETWORK') {
        setOffline(true);
        return;
      }
      notifyError(error instanceof ApiError && error.code !== 'INTERNAL' ? error.message : failureMessage);
      if (!retryable) onClose();
    } finally {
      if (thisAttempt === attempt.current) setDeleting(false);
    }
  };

  const cancel = () => {
    if (deleting) {
      attempt.current += 1;
      setDeleting(false);
    }
    setOffline(false);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title={title ?? t('delete.title')}
      size={500}
      closeOnClickOutside={!deleting}
      closeOnEscape={isTop}
    >
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
        {offline && <OfflineAlert kept={false} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} data-testid="confirm-cancel">
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleting} data-testid="confirm-delete">
            {offline ? t('actions.retry') : (confirmLabel ?? t('actions.delete'))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
