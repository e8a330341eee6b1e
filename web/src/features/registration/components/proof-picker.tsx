import { Box, Button, FileButton, Group, Image, Input, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPhotoUp, IconReplace, IconTrash } from '@tabler/icons-react';
import { useCallback, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROOF_ACCEPT, proofProblem } from '../registration-form';

type ProofPickerProps = {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form's error (missing proof, server refusal). */
  error?: ReactNode;
  optional: boolean;
};

function sizeLabel(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The chosen image, shown from an object URL that lives as long as the element shows this file
 * (React 19 ref cleanup), so that a phone keeps no stale copy of a 5 MB photo in memory.
 */
function FilePreview({ file, alt }: { file: File; alt: string }) {
  const attach = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <Image ref={attach} alt={alt} w={96} h={96} fit="cover" />;
}

/**
 * The proof-of-transfer image (seed 000 §2/§5): png, jpg, jpeg, bmp or webp, shown before it is
 * sent; a wrong type or a file over 5 MB is refused at once, before any upload.
 */
export function ProofPicker({ file, onChange, error, optional }: ProofPickerProps) {
  const { t } = useTranslation('register');
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (chosen: File | null) => {
    if (!chosen) return;
    const issue = proofProblem(chosen);
    setProblem(issue ? t(`proof.${issue}`) : null);
    onChange(issue ? null : chosen);
  };

  const picker = (label: string, variant: 'filled' | 'default', icon: ReactNode) => (
    <FileButton
      onChange={pick}
      accept={PROOF_ACCEPT}
      inputProps={{ 'data-testid': 'register-proof-input' } as ComponentProps<'input'>}
    >
      {(props) => (
        <Button {...props} variant={variant} leftSection={icon} size={variant === 'filled' ? 'md' : 'sm'}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  const shownError = problem ?? error;
  return (
    <Input.Wrapper description={optional ? t('proof.optional') : t('proof.text')} error={shownError} size="md">
      <Paper
        mt={8}
        p="md"
        radius="md"
        withBorder
        style={{
          borderStyle: file ? 'solid' : 'dashed',
          borderWidth: 2,
          borderColor: shownError ? 'var(--mantine-color-red-5)' : file ? 'var(--mantine-color-brand-3)' : undefined,
          background: file ? 'white' : 'var(--mantine-color-gray-0)',
        }}
      >
        {file ? (
          <Group gap="md" wrap="nowrap" align="center" data-testid="register-proof-preview">
            <Box
              w={96}
              h={96}
              style={{ flexShrink: 0, borderRadius: 8, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}
            >
              <FilePreview file={file} alt={t('proof.preview')} />
            </Box>
            <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} fz="sm" truncate="end">
                {file.name}
              </Text>
              <Text fz="xs" c="dimmed">
                {sizeLabel(file.size)}
              </Text>
              <Group gap="xs">
                {picker(t('proof.change'), 'default', <IconReplace size={16} />)}
                <Button
                  size="sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => onChange(null)}
                  data-testid="register-proof-remove"
                >
                  {t('proof.remove')}
                </Button>
              </Group>
            </Stack>
          </Group>
        ) : (
          <Stack align="center" gap="xs" py="sm" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="brand">
              <IconPhotoUp size={26} />
            </ThemeIcon>
            {optional && (
              <Text fz="sm" c="dimmed">
                {t('proof.text')}
              </Text>
            )}
            {picker(t('proof.choose'), 'filled', <IconPhotoUp size={18} />)}
          </Stack>
        )}
      </Paper>
    </Input.Wrapper>
  );
}
