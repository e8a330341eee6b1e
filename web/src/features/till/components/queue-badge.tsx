import { formatFcfa } from '@app/common/money';
import { Alert, Badge, Button, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/dates';
import { useSaleQueue, sendQueueNow, useQueueSender } from '../offline/use-sale-queue';

/** "14:05" (today) or "26/11 à 14:05" of an instant, in the shop's zone. */
export function useShortTime(): (value: string | number) => { day: string; time: string } {
  const format = useFormatDate();
  return (value) => {
    const text = format(typeof value === 'number' ? new Date(value).toISOString() : value, 'paymentDateTime');
    const match = /^(\d{2}\/\d{2})\/\d{4}\D+(\d{2}:\d{2})/.exec(text);
    return { day: match?.[1] ?? text, time: match?.[2] ?? '' };
  };
}

/**
 * The header's count of sales waiting on this device and since when (issue 20 item 3), and of the
 * sales the server refused for good; a tap lists them with their reasons and offers "send now".
 * It also runs the queue's sender for the signed-in user and shop.
 */
export function QueueBadge({ userId, shopId }: { userId: number; shopId: number | null }) {
  const { t } = useTranslation('till');
  const entries = useSaleQueue(userId, shopId);
  const last = useQueueSender(userId, shopId);
  const short = useShortTime();
  const [opened, setOpened] = useState(false);
  const [sending, setSending] = useState(false);
  if (!entries || entries.length === 0 || shopId === null) return null;
  const waiting = entries.filter((e) => e.state === 'waiting');
  const refused = entries.filter((e) => e.state === 'refused');
  const since = waiting[0] ? short(waiting[0].createdAt).time : '';

  return (
    <>
      <UnstyledButton
        onClick={() => setOpened(true)}
        aria-label={t('queue.open')}
        style={{ flexShrink: 0 }}
        data-testid="queue-badge"
      >
        <Group gap={4} wrap="nowrap">
          {waiting.length > 0 && (
            <Badge
              color="orange"
              variant="filled"
              size="lg"
              radius="sm"
              leftSection={<IconCloudUpload size={14} />}
              styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
              data-testid="queue-waiting"
            >
              <span data-testid="queue-count">{waiting.length}</span>
              <Text span visibleFrom="sm" inherit>
                {' '}
                {t('queue.waitingSince', { count: waiting.length, time: since })}
              </Text>
            </Badge>
          )}
          {refused.length > 0 && (
            <Badge
              color="red"
              variant="filled"
              size="lg"
              radius="sm"
              leftSection={<IconAlertTriangle size={14} />}
              data-testid="queue-refused"
            >
              {refused.length}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        title={t('queue.title')}
        data-testid="queue-drawer"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {waiting.length > 0 ? t('queue.waitingText', { count: waiting.length, time: since }) : t('queue.noneWaiting')}
          </Text>
          {last?.state === 'signIn' && (
            <Alert color="orange" variant="light">
              {t('queue.signIn')}
            </Alert>
          )}
          {waiting.length > 0 && (
            <Button
              leftSection={<IconSend size={16} />}
              loading={sending}
              onClick={() => {
                setSending(true);
                void sendQueueNow(userId, shopId).finally(() => setTimeout(() => setSending(false), 800));
              }}
              data-testid="queue-send-now"
            >
              {t('queue.sendNow')}
            </Button>
          )}
          {entries.map((entry) => {
            const when = short(entry.createdAt);
            return (
              <Stack
                key={entry.seq}
                gap={2}
                p="xs"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
                data-testid={`queue-entry-${entry.refTicket}`}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{entry.refTicket}</Text>
                  <Text fw={700}>{formatFcfa(entry.totalFcfa)}</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {t('queue.madeAt', { day: when.day, time: when.time })}
                </Text>
                {entry.state === 'refused' ? (
                  <Text size="sm" c="red.8" data-testid="queue-reason">
                    {t('queue.refused', { reason: entry.lastError?.message ?? '' })}
                  </Text>
                ) : entry.lastError ? (
                  <Text size="sm" c="orange.8">
                    {t('queue.lastTry', { reason: entry.lastError.message })}
                  </Text>
                ) : null}
              </Stack>
            );
          })}
        </Stack>
      </Drawer>
    </>
  );
}
