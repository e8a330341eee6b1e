import type { SubscriptionLine } from '@app/common/contracts/admin';
import { ActionIcon, Alert, Badge, Box, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useWindowEvent } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useProofUrl } from '../api/use-proof-url';
import { planName } from '../../../lib/plan-name';

type ProofGalleryProps = {
  /** The lines of the shown page that have a proof, in table order. */
  lines: SubscriptionLine[];
  /** The line whose proof is shown (kept while the gallery fades out). */
  current: SubscriptionLine | null;
  opened: boolean;
  onChange: (line: SubscriptionLine) => void;
  onClose: () => void;
};

/** The enlarged proof, with previous/next among the page's proofs (arrow keys too). */
export function ProofGallery({ lines, current, opened, onChange, onClose }: ProofGalleryProps) {
  const { t } = useTranslation('admin');
  const index = current ? lines.findIndex((line) => line.idLigne === current.idLigne) : -1;
  const image = useProofUrl(current?.preuve ?? null);
  const previous = index > 0 ? lines[index - 1] : undefined;
  const next = index >= 0 && index < lines.length - 1 ? lines[index + 1] : undefined;

  useWindowEvent('keydown', (event) => {
    if (!opened) return;
    if (event.key === 'ArrowLeft' && previous) onChange(previous);
    if (event.key === 'ArrowRight' && next) onChange(next);
  });

  return (
    <Modal
      opened={opened && current !== null}
      onClose={onClose}
      size="xl"
      title={current ? t('subscriptions.gallery.title', { username: current.users.username }) : ''}
    >
      <Stack gap="sm" data-testid="proof-gallery">
        <Box
          bg="gray.1"
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            minHeight: 240,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {image.data ? (
            <Image
              src={image.data}
              alt={current ? t('subscriptions.gallery.alt', { username: current.users.username }) : ''}
              // Natural size, never stretched: a small scan stays sharp, a photo fits the window.
              fit="contain"
              w="auto"
              maw="100%"
              mah="65vh"
              data-testid="proof-image"
            />
          ) : image.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} m="md">
              {t('subscriptions.gallery.loadError')}
            </Alert>
          ) : (
            <Center h={240}>
              <Loader />
            </Center>
          )}
        </Box>
        {current && (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <ActionIcon
              variant="default"
              size={40}
              radius="xl"
              disabled={!previous}
              onClick={() => previous && onChange(previous)}
              aria-label={t('subscriptions.gallery.previous')}
              data-testid="gallery-previous"
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
            <Stack gap={2} align="center" style={{ minWidth: 0 }}>
              <Group gap={6} justify="center">
                <Text fw={700}>
                  {current.users.prenom} {current.users.nom}
                </Text>
                <Badge variant="light" component="span">
                  {planName(t, current.abonnement)}
                </Badge>
              </Group>
              {lines.length > 1 && index >= 0 && (
                <Text fz="sm" c="dimmed">
                  {t('subscriptions.gallery.position', { index: index + 1, total: lines.length })}
                </Text>
              )}
            </Stack>
            <ActionIcon
              variant="default"
              size={40}
              radius="xl"
              disabled={!next}
              onClick={() => next && onChange(next)}
              aria-label={t('subscriptions.gallery.next')}
              data-testid="gallery-next"
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
