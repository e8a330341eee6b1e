import type { ClientChannelRow } from '@app/common/contracts/client-channels';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconDoorExit, IconExternalLink, IconLock, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { useLang } from '../../../lib/use-lang';
import { useCloseClientChannel } from '../api/client-channel-mutations';
import { useClientChannels } from '../api/get-client-channels';
import { ChannelShopDialog } from './channel-shop-dialog';

/**
 * app/canaux-clients: which shop receives the customers who sign up on each public page
 * (registers2asport, registerwin). A page feeding another account's shop is shown as taken,
 * without its name, and cannot be changed here (the server refuses it too).
 */
export function ClientChannelsPage() {
  const { t } = useTranslation(['client-channels', 'common']);
  const channels = useClientChannels();
  const [editing, setEditing] = useState<ClientChannelRow | null>(null);
  const [closing, setClosing] = useState<ClientChannelRow | null>(null);
  const close = useCloseClientChannel();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
      </div>
      {channels.isError ? (
        <Alert color="red" variant="light" title={t('common:table.loadError')}>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void channels.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="client-channels">
          {channels.data
            ? channels.data.map((channel) => (
                <ChannelCard key={channel.channel} channel={channel} onChoose={setEditing} onClose={setClosing} />
              ))
            : [0, 1].map((index) => <Skeleton key={index} h={190} radius="lg" />)}
        </SimpleGrid>
      )}
      <ChannelShopDialog channel={editing} onClose={() => setEditing(null)} />
      <ConfirmDeleteDialog
        opened={closing !== null}
        onClose={() => setClosing(null)}
        title={t('close.title')}
        message={t('close.message')}
        itemName={closing ? t(`channels.${closing.channel}`) : undefined}
        confirmLabel={t('close.confirm')}
        onConfirm={(idempotencyKey) => close.mutateAsync({ channel: closing!.channel, idempotencyKey })}
        successMessage={t('close.done')}
        failureMessage={t('error')}
      />
    </Stack>
  );
}

const STATUS_COLOR = { mine: 'green', free: 'gray', taken: 'orange' } as const;

function ChannelCard({
  channel,
  onChoose,
  onClose,
}: {
  channel: ClientChannelRow;
  onChoose: (channel: ClientChannelRow) => void;
  onClose: (channel: ClientChannelRow) => void;
}) {
  const { t } = useTranslation(['client-channels', 'common']);
  const lang = useLang();
  const link = `${window.location.origin}/${lang}/${channel.page}`;
  const taken = channel.status === 'taken';

  return (
    <Card withBorder radius="lg" p="lg" data-testid={`channel-${channel.channel}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <ThemeIcon size={42} radius="md" variant="light" color={taken ? 'orange' : 'brand'}>
              {taken ? <IconLock size={22} /> : <IconUserPlus size={22} />}
            </ThemeIcon>
            <Text fw={700} fz="lg">
              {t(`channels.${channel.channel}`)}
            </Text>
          </Group>
          <Badge color={STATUS_COLOR[channel.status]} variant="light" data-testid="channel-status">
            {t(`status.${channel.status}`)}
          </Badge>
        </Group>
        <Anchor href={link} target="_blank" rel="noopener noreferrer" fz="sm" style={{ overflowWrap: 'anywhere' }}>
          <Group gap={4} wrap="nowrap" component="span">
            {link}
            <IconExternalLink size={14} style={{ flexShrink: 0 }} />
          </Group>
        </Anchor>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconBuildingStore size={18} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fz="sm" data-testid="channel-shop">
            {channel.status === 'mine'
              ? channel.boutique
                ? t('feeds', { shop: channel.boutique.nom })
                : t('feedsAccount')
              : t(channel.status === 'free' ? 'free' : 'taken')}
          </Text>
        </Group>
        {!taken && (
          <Group gap="sm" mt="xs">
            <Button leftSection={<IconBuildingStore size={18} />} onClick={() => onChoose(channel)} data-testid="channel-choose">
              {t(channel.status === 'free' ? 'open' : 'change')}
            </Button>
            {channel.status === 'mine' && (
              <Button
                variant="default"
                leftSection={<IconDoorExit size={18} />}
                onClick={() => onClose(channel)}
                data-testid="channel-close"
              >
                {t('close.action')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
