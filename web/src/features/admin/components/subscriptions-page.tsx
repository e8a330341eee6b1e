import type { SubscriptionLine } from '@app/common/contracts/admin';
import type { Page } from '@app/common/contracts/paging';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconBuildingStore, IconBuildingWarehouse, IconCalendarCog, IconCheck, IconPower, IconUsers } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page';
import { useDialogState } from '../../../components/use-dialog-state';
import { ApiError } from '../../../lib/api-error';
import { useFormatDate } from '../../../lib/dates';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { getSubscriptionLinesPage } from '../api/get-subscription-lines';
import { useActivateLine } from '../api/subscription-mutations';
import { yearsOf } from '../api/subscription-period';
import { ProofGallery } from './proof-gallery';
import { ProofThumbnail } from './proof-thumbnail';
import { ActivateConfirmDialog } from './activate-confirm-dialog';
import { SubscriptionDialog } from './subscription-dialog';
import { SubscriptionStatusBadge } from './subscription-status-badge';
import { planName } from '../../../lib/plan-name';

/**
 * app/utilisateur-activatedirecteur (seed 000 §2): subscription requests with their proof,
 * the Activer action (the list reloads and a success message shows, §4) and the
 * plan-and-period dialog.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation(['admin', 'common']);
  // Admins have no shop: the default zone.
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const dialog = useDialogState<SubscriptionLine>();
  const activate = useActivateLine();
  const [activating, setActivating] = useState<number | null>(null);
  // Activer asks first, showing the plan, the period and the price (required for Personaliser).
  const [confirming, setConfirming] = useState<{ line: SubscriptionLine | null; opened: boolean }>({ line: null, opened: false });
  // The last shown proof stays while the gallery fades out.
  const [gallery, setGallery] = useState<{ lines: SubscriptionLine[]; current: SubscriptionLine | null; opened: boolean }>({
    lines: [],
    current: null,
    opened: false,
  });

  /** The proofs of the page the clicked line is on (the newest cached page holding it). */
  const openGallery = (line: SubscriptionLine) => {
    const pages = queryClient
      .getQueryCache()
      .findAll({ queryKey: queryKeys.admin.subscriptionLines })
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .map((query) => query.state.data as Page<SubscriptionLine> | undefined);
    const page = pages.find((candidate) => candidate?.data.some((row) => row.idLigne === line.idLigne));
    setGallery({ lines: (page?.data ?? [line]).filter((row) => row.preuve !== null), current: line, opened: true });
  };

  const onActivate = async (line: SubscriptionLine) => {
    setConfirming((state) => ({ ...state, opened: false }));
    setActivating(line.idLigne);
    try {
      await activate.mutateAsync(line);
      notifySuccess(t('subscriptions.activated', { username: line.users.username }));
    } catch (error) {
      notifyError(error instanceof ApiError && error.code !== 'INTERNAL' ? error.message : t('subscriptions.activateError'));
    } finally {
      setActivating(null);
    }
  };

  /** The plan, its period and when it ends (or when it was asked for, while pending). */
  const plan = (line: SubscriptionLine) => (
    <Stack gap={2} align="flex-start">
      <Badge variant="outline" component="span" style={{ flexShrink: 0, minWidth: 'max-content' }}>
        {planName(t, line.abonnement)}
      </Badge>
      <Text fz="xs" c="dimmed" component="span" data-testid={`period-${line.idLigne}`}>
        {t('subscriptions.years', { count: yearsOf(line.days) })} ·{' '}
        {line.endsAt
          ? t('subscriptions.until', { date: formatDate(line.endsAt) })
          : t('subscriptions.requested', { date: formatDate(line.createdAt) })}
      </Text>
    </Stack>
  );

  /** Shop, depot and user counts of the line, one small figure each. */
  const counts = (line: SubscriptionLine) => (
    <Group gap={10} wrap="wrap" component="span">
      {(
        [
          ['shops', IconBuildingStore, line.abonnement.boutiques],
          ['depots', IconBuildingWarehouse, line.abonnement.depots],
          ['users', IconUsers, line.abonnement.users],
        ] as const
      ).map(([kind, Icon, count]) => (
        <Tooltip
          key={kind}
          label={t('subscriptions.countOf', { what: t(`subscriptions.${kind}`), count })}
          withArrow
          openDelay={200}
        >
          <Group
            gap={3}
            wrap="nowrap"
            component="span"
            data-testid={`count-${kind}`}
            aria-label={t('subscriptions.countOf', { what: t(`subscriptions.${kind}`), count })}
          >
            <Icon size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
            <Text fz="sm" fw={600} component="span">
              {count}
            </Text>
          </Group>
        </Tooltip>
      ))}
    </Group>
  );

  /** The status chip, the Activer button (done once active) and the plan-and-period dialog. */
  const status = (line: SubscriptionLine) => (
    <Stack gap={6} align="flex-start">
      <SubscriptionStatusBadge status={line.status} />
      <Group gap={6} wrap="nowrap">
        {line.status === 'pending' ? (
          <Button
            size="compact-sm"
            leftSection={<IconPower size={16} />}
            loading={activating === line.idLigne}
            disabled={activating !== null && activating !== line.idLigne}
            onClick={() => setConfirming({ line, opened: true })}
            data-testid={`activate-${line.idLigne}`}
          >
            {t('subscriptions.activate')}
          </Button>
        ) : (
          <Button
            size="compact-sm"
            variant="light"
            color="gray"
            leftSection={<IconCheck size={16} />}
            disabled
            data-testid={`activate-${line.idLigne}`}
          >
            {t('subscriptions.activeDone')}
          </Button>
        )}
        <Tooltip label={t('subscriptions.dialog.action')} withArrow openDelay={300}>
          <ActionIcon
            variant="light"
            size={26}
            onClick={() => dialog.openWith(line)}
            aria-label={t('subscriptions.dialog.action')}
            data-testid={`row-plan-${line.idLigne}`}
          >
            <IconCalendarCog size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );

  return (
    <ListPage<SubscriptionLine>
      title={t('subscriptions.title')}
      subtitle={t('subscriptions.subtitle')}
      queryKey={queryKeys.admin.subscriptionLines}
      fetcher={getSubscriptionLinesPage}
      rowKey={(line) => line.idLigne}
      searchLabel={t('subscriptions.search')}
      testId="subscriptions-table"
      columns={[
        {
          key: 'username',
          header: t('subscriptions.username'),
          render: (line) => (
            <Text fz="sm" fw={600} component="span">
              {line.users.username}
            </Text>
          ),
        },
        { key: 'nom', header: t('subscriptions.nom'), render: (line) => line.users.nom },
        { key: 'prenom', header: t('subscriptions.prenom'), render: (line) => line.users.prenom },
        { key: 'plan', header: t('subscriptions.plan'), render: plan },
        { key: 'counts', header: t('subscriptions.counts'), render: counts },
        { key: 'phone', header: t('subscriptions.phone'), render: (line) => line.users.telephone ?? '—' },
        {
          key: 'proof',
          header: t('subscriptions.proof'),
          render: (line) => <ProofThumbnail line={line} onOpen={openGallery} />,
        },
        { key: 'status', header: t('subscriptions.status'), render: status },
      ]}
    >
      <SubscriptionDialog opened={dialog.opened} line={dialog.record} onClose={dialog.close} />
      <ActivateConfirmDialog
        opened={confirming.opened}
        line={confirming.line}
        onClose={() => setConfirming((state) => ({ ...state, opened: false }))}
        onConfirm={(line) => void onActivate(line)}
        onSetPrice={(line) => {
          setConfirming((state) => ({ ...state, opened: false }));
          dialog.openWith(line);
        }}
      />
      <ProofGallery
        lines={gallery.lines}
        current={gallery.current}
        opened={gallery.opened}
        onChange={(line) => setGallery((state) => ({ ...state, current: line }))}
        onClose={() => setGallery((state) => ({ ...state, opened: false }))}
      />
    </ListPage>
  );
}
