import type { SubscriptionLine } from '@app/common/contracts/admin';
import { PLAN_CODE } from '@app/common/contracts/registration';
import { formatFcfa } from '@app/common/money';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPower } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { yearsOf } from '../api/subscription-period';
import { planName } from '../../../lib/plan-name';

/**
 * The Activer confirmation (issue 7): whose account, which plan for how long, at what price. A
 * Personaliser line without a price cannot be activated (the server refuses PRICE_REQUIRED):
 * the dialog offers to set the price instead.
 */
export function ActivateConfirmDialog({
  opened,
  line,
  onClose,
  onConfirm,
  onSetPrice,
}: {
  opened: boolean;
  line: SubscriptionLine | null;
  onClose: () => void;
  onConfirm: (line: SubscriptionLine) => void;
  onSetPrice: (line: SubscriptionLine) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const unpriced = line !== null && line.abonnement.code === PLAN_CODE.personaliser && line.prixFcfa === null;
  const period = line ? t('subscriptions.years', { count: yearsOf(line.days) }) : '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={line ? t('subscriptions.confirm.title', { username: line.users.username }) : ''}
      size={480}
    >
      {line && (
        <Stack gap="md" data-testid="activate-confirm">
          <Text fz="sm">
            {t('subscriptions.confirm.text', { username: line.users.username, plan: planName(t, line.abonnement), period })}
          </Text>
          {line.prixFcfa !== null && (
            <Text fw={700} data-testid="activate-price">
              {t('subscriptions.confirm.price', { price: formatFcfa(line.prixFcfa) })}
            </Text>
          )}
          {unpriced && (
            <Alert color="ochre" variant="light" icon={<IconAlertTriangle />} data-testid="activate-no-price">
              {t('subscriptions.confirm.noPrice')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            {unpriced ? (
              <Button onClick={() => onSetPrice(line)} data-testid="activate-set-price">
                {t('subscriptions.confirm.setPrice')}
              </Button>
            ) : (
              <Button leftSection={<IconPower size={16} />} onClick={() => onConfirm(line)} data-testid="activate-confirm-button">
                {t('subscriptions.confirm.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
