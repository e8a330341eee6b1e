import type { SubscriptionLine } from '@app/common/contracts/admin';
import { Image, Skeleton, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useProofUrl } from '../api/use-proof-url';

const SIZE = 44;

/** The proof-of-transfer image of a line, small; a click opens the gallery (seed 000 §2). */
export function ProofThumbnail({ line, onOpen }: { line: SubscriptionLine; onOpen: (line: SubscriptionLine) => void }) {
  const { t } = useTranslation('admin');
  const image = useProofUrl(line.preuve);
  if (!line.preuve) {
    return (
      <Text fz="sm" c="dimmed" component="span">
        {t('subscriptions.noProof')}
      </Text>
    );
  }
  const label = t('subscriptions.viewProof', { username: line.users.username });
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <UnstyledButton
        onClick={() => onOpen(line)}
        aria-label={label}
        data-testid={`proof-${line.idLigne}`}
        style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'inline-flex' }}
      >
        {image.data ? (
          <Image
            src={image.data}
            alt=""
            w={SIZE}
            h={SIZE}
            fit="cover"
            radius="sm"
            style={{ border: '1px solid var(--mantine-color-gray-3)' }}
          />
        ) : image.isError ? (
          <ThemeIcon size={SIZE} variant="light" color="gray" radius="sm">
            <IconPhotoOff size={20} />
          </ThemeIcon>
        ) : (
          <Skeleton w={SIZE} h={SIZE} radius="sm" />
        )}
      </UnstyledButton>
    </Tooltip>
  );
}
