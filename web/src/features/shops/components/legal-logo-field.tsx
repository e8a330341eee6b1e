import { ARTICLE_IMAGE_ACCEPT } from '@app/common/contracts/articles';
import { Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useLogoImage, useUploadLogo } from '../api/identity';

/**
 * The logo printed at the top of the shop's documents: the current one and the upload (an image
 * checked by content like the article images). Sent at once, apart from the identity's form.
 */
export function LegalLogoField({ idBoutique, logo }: { idBoutique: number; logo: string | null | undefined }) {
  const { t } = useTranslation('legal');
  const image = useLogoImage(logo);
  const upload = useUploadLogo();
  const [file, setFile] = useState<File | null>(null);

  const send = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync({ idBoutique, file });
      notifySuccess(t('identity.logoSaved'));
      setFile(null);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : t('identity.logoError'));
    }
  };

  return (
    <Stack gap={6}>
      <Text size="md" fw={500}>
        {t('identity.logo')}
      </Text>
      {image.data ? (
        <Image src={image.data} alt={t('identity.logo')} h={64} w="auto" fit="contain" maw={200} data-testid="legal-logo" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('identity.noLogo')}
        </Text>
      )}
      <Group align="flex-end" wrap="wrap" gap="sm">
        <FileInput
          size="md"
          aria-label={t('identity.chooseLogo')}
          placeholder={t('identity.chooseLogo')}
          accept={ARTICLE_IMAGE_ACCEPT}
          value={file}
          onChange={setFile}
          clearable
          leftSection={<IconPhotoUp size={18} />}
          style={{ flex: 1, minWidth: 200 }}
          data-testid="legal-logo-input"
        />
        <Button
          variant="light"
          onClick={() => void send()}
          disabled={!file}
          loading={upload.isPending}
          data-testid="legal-logo-upload"
        >
          {t('identity.sendLogo')}
        </Button>
      </Group>
    </Stack>
  );
}
